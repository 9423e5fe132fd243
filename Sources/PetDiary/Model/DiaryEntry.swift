/// A diary entry: a title, a body with `#tags`, a day, and an ordered list of photos.
package struct DiaryEntry: Sendable, Hashable {
    package var id: String
    package var petId: String?
    package var title: String
    package var body: String
    /// A day, `YYYY-MM-DD`.
    package var date: String
    package var favorite: Bool
    /// The `#tags` of the body, lower-cased, in order of first appearance.
    package var tags: [String]
    package var photoIds: [String]
    package var createdAt: String
    package var updatedAt: String
}

extension DiaryEntry: Encodable {
    private enum CodingKeys: String, CodingKey {
        case id, petId, title, body, date, favorite, tags, photoIds, createdAt, updatedAt
    }

    package func encode(to encoder: any Encoder) throws {
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
