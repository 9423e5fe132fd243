public import JSONRPC

/// A diary entry as the core sends it: its text, day, `#tags` and ordered photos.
public struct EntryRecord: WireRecord, Sendable, Hashable {
    /// The entry's id (UUID).
    public var id: String
    /// The pet the entry is about; `null` when it is about none.
    public var petId: String?
    /// At most the settings' `titleLimit` characters (15 by default).
    public var title: String
    /// The text, at most the settings' `bodyLimit` characters (500 by default); may be empty.
    public var body: String
    /// A day, `YYYY-MM-DD`.
    public var date: String
    /// Whether it is marked as a favourite.
    public var favorite: Bool
    /// The `#tags` of the body, lower-cased, in order of first appearance.
    public var tags: [String]
    /// The photos shown with it, in their order (at most 100).
    public var photoIds: [String]
    /// When it was written, RFC 3339 UTC.
    public var createdAt: String
    /// When it was last changed, RFC 3339 UTC.
    public var updatedAt: String
    /// Its voice notes, oldest first (`notes.list` has the whole records).
    public var notes: [NoteSummaryRecord]

    /// Makes the record with every field given; the lists are empty unless given.
    public init(
        id: String, petId: String? = nil, title: String, body: String, date: String, favorite: Bool = false,
        tags: [String] = [], photoIds: [String] = [], createdAt: String, updatedAt: String,
        notes: [NoteSummaryRecord] = []
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
        self.notes = notes
    }

    enum CodingKeys: String, CodingKey {
        case id, petId, title, body, date, favorite, tags, photoIds, createdAt, updatedAt, notes
    }

    /// Reads a record; one written before voice notes (a bundle's `entries.jsonl`) has none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        petId = try container.decodeIfPresent(String.self, forKey: .petId)
        title = try container.decode(String.self, forKey: .title)
        body = try container.decode(String.self, forKey: .body)
        date = try container.decode(String.self, forKey: .date)
        favorite = try container.decode(Bool.self, forKey: .favorite)
        tags = try container.decode([String].self, forKey: .tags)
        photoIds = try container.decode([String].self, forKey: .photoIds)
        createdAt = try container.decode(String.self, forKey: .createdAt)
        updatedAt = try container.decode(String.self, forKey: .updatedAt)
        notes = try container.decodeIfPresent([NoteSummaryRecord].self, forKey: .notes) ?? []
    }
}

extension EntryRecord {
    /// Writes the entry as JSON: every member in sorted key order, `null` when unset.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("body"); writer.value(body)
        writer.key("createdAt"); writer.value(createdAt)
        writer.key("date"); writer.value(date)
        writer.key("favorite"); writer.value(favorite)
        writer.key("id"); writer.value(id)
        writer.key("notes"); writer.value(notes)
        writer.key("petId"); writer.value(petId)
        writer.key("photoIds"); writer.value(photoIds)
        writer.key("tags"); writer.value(tags)
        writer.key("title"); writer.value(title)
        writer.key("updatedAt"); writer.value(updatedAt)
        writer.endObject()
    }
}
