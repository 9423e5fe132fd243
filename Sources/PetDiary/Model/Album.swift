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
