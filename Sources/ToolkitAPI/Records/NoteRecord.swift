public import JSONRPC

/// A voice note as the core sends it: a sound attached to one diary entry or one photo (the other id is null).
public struct NoteRecord: WireRecord, Sendable, Hashable {
    public var id: String
    public var soundId: String
    public var entryId: String?
    public var photoId: String?
    public var durationSeconds: Double
    public var createdAt: String

    public init(
        id: String, soundId: String, entryId: String? = nil, photoId: String? = nil, durationSeconds: Double,
        createdAt: String
    ) {
        self.id = id
        self.soundId = soundId
        self.entryId = entryId
        self.photoId = photoId
        self.durationSeconds = durationSeconds
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey {
        case id, soundId, entryId, photoId, durationSeconds, createdAt
    }
}

extension NoteRecord {
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("createdAt"); writer.value(createdAt)
        writer.key("durationSeconds"); writer.value(durationSeconds)
        writer.key("entryId"); writer.value(entryId)
        writer.key("id"); writer.value(id)
        writer.key("photoId"); writer.value(photoId)
        writer.key("soundId"); writer.value(soundId)
        writer.endObject()
    }
}

/// A note as an entry's or a photo's record lists it: `{id, durationSeconds}`.
public struct NoteSummaryRecord: WireRecord, Sendable, Hashable {
    public var id: String
    public var durationSeconds: Double

    public init(id: String, durationSeconds: Double) {
        self.id = id
        self.durationSeconds = durationSeconds
    }

    enum CodingKeys: String, CodingKey {
        case id, durationSeconds
    }
}

extension NoteSummaryRecord {
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("durationSeconds"); writer.value(durationSeconds)
        writer.key("id"); writer.value(id)
        writer.endObject()
    }
}
