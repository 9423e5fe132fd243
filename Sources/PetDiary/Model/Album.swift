package import GRDB

/// A photo album, optionally belonging to one pet.
package struct Album: Sendable, Hashable {
    package var id: String
    package var petId: String?
    package var title: String
    package var photoCount: Int
    /// The newest photo of the album (by taken-at), or nil when it is empty.
    package var coverPhotoId: String?
    package var createdAt: String
    package var updatedAt: String
}

extension Album: FetchableRecord {
    /// Reads the columns of ``DiaryStore``'s album query: the row plus `photoCount` and `coverPhotoId`.
    package init(row: Row) {
        id = row["id"]
        petId = row["petId"]
        title = row["title"]
        photoCount = row["photoCount"] ?? 0
        coverPhotoId = row["coverPhotoId"]
        createdAt = row["createdAt"]
        updatedAt = row["updatedAt"]
    }
}

extension Album: Encodable {
    private enum CodingKeys: String, CodingKey {
        case id, petId, title, photoCount, coverPhotoId, createdAt, updatedAt
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(petId, forKey: .petId)
        try container.encode(title, forKey: .title)
        try container.encode(photoCount, forKey: .photoCount)
        try container.encode(coverPhotoId, forKey: .coverPhotoId)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
    }
}
