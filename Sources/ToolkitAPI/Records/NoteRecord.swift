public import JSONRPC

/// A voice note as the core sends it: a sound attached to one diary entry or one photo (the other id is null).
public struct NoteRecord: WireRecord, Sendable, Hashable {
    /// The note's id (UUID).
    public var id: String
    /// The sound that holds the recording (``SoundRecord``); `sounds.get` has its details.
    public var soundId: String
    /// The diary entry it is attached to; `null` when it is attached to a photo.
    public var entryId: String?
    /// The photo it is attached to; `null` when it is attached to a diary entry.
    public var photoId: String?
    /// The sound's length, in seconds.
    public var durationSeconds: Double
    /// When the note was made, RFC 3339 UTC.
    public var createdAt: String

    /// Makes the record; give one of `entryId` and `photoId`.
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
    /// Writes the note as JSON: every member in sorted key order, `null` when unset.
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
    /// The note's id: what `notes.play` and `notes.delete` take.
    public var id: String
    /// The sound's length, in seconds.
    public var durationSeconds: Double

    /// Makes the summary.
    public init(id: String, durationSeconds: Double) {
        self.id = id
        self.durationSeconds = durationSeconds
    }

    enum CodingKeys: String, CodingKey {
        case id, durationSeconds
    }
}

extension NoteSummaryRecord {
    /// Writes `{durationSeconds, id}`.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("durationSeconds"); writer.value(durationSeconds)
        writer.key("id"); writer.value(id)
        writer.endObject()
    }
}
