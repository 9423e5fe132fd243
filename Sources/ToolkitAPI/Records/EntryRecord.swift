public import JSONRPC

/// A diary entry as the core sends it: its text, day, `#tags` and ordered photos.
public struct EntryRecord: WireRecord, Sendable, Hashable {
    public var id: String
    public var petId: String?
    public var title: String
    public var body: String
    /// A day, `YYYY-MM-DD`.
    public var date: String
    public var favorite: Bool
    /// The `#tags` of the body, lower-cased, in order of first appearance.
    public var tags: [String]
    public var photoIds: [String]
    public var createdAt: String
    public var updatedAt: String

    public init(
        id: String, petId: String? = nil, title: String, body: String, date: String, favorite: Bool = false,
        tags: [String] = [], photoIds: [String] = [], createdAt: String, updatedAt: String
    ) {
        self.id = id
        self.petId = petId
        self.title = title
        self.body = body
        self.date = date
        self.favorite = favorite
        self.tags = tags
        self.photoIds = photoIds
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    enum CodingKeys: String, CodingKey {
        case id, petId, title, body, date, favorite, tags, photoIds, createdAt, updatedAt
    }
}

extension EntryRecord {
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("body"); writer.value(body)
        writer.key("createdAt"); writer.value(createdAt)
        writer.key("date"); writer.value(date)
        writer.key("favorite"); writer.value(favorite)
        writer.key("id"); writer.value(id)
        writer.key("petId"); writer.value(petId)
        writer.key("photoIds"); writer.value(photoIds)
        writer.key("tags"); writer.value(tags)
        writer.key("title"); writer.value(title)
        writer.key("updatedAt"); writer.value(updatedAt)
        writer.endObject()
    }
}
