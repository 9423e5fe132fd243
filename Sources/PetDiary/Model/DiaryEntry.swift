/// A diary entry: a title, a body with `#tags`, a day, and an ordered list of photos.
public struct DiaryEntry: Sendable, Hashable {
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
}

extension DiaryEntry: Encodable {
    private enum CodingKeys: String, CodingKey {
        case id, petId, title, body, date, favorite, tags, photoIds, createdAt, updatedAt
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(petId, forKey: .petId)
        try container.encode(title, forKey: .title)
        try container.encode(body, forKey: .body)
        try container.encode(date, forKey: .date)
        try container.encode(favorite, forKey: .favorite)
        try container.encode(tags, forKey: .tags)
        try container.encode(photoIds, forKey: .photoIds)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
    }
}
