package import GRDB

/// A photo album, optionally belonging to one pet: its stored row (whose fields read as the album's own,
/// `album.title`) and what follows from its photos.
@dynamicMemberLookup
package struct Album: Sendable, Hashable {
    package var stored: AlbumRow
    package var photoCount: Int
    /// The newest photo of the album (by taken-at), or nil when it is empty.
    package var coverPhotoId: String?

    /// An album of `stored`; a new one, or one from a bundle or an archive, has no photos yet (its count and
    /// cover follow from its photos once stored).
    package init(stored: AlbumRow, photoCount: Int = 0, coverPhotoId: String? = nil) {
        self.stored = stored
        self.photoCount = photoCount
        self.coverPhotoId = coverPhotoId
    }

    /// A field of the stored row. It is a key path applied at run time: code that reads many (a conversion to
    /// the wire) reads ``stored`` instead.
    package subscript<Value>(dynamicMember field: WritableKeyPath<AlbumRow, Value>) -> Value {
        get { stored[keyPath: field] }
        set { stored[keyPath: field] = newValue }
    }
}

extension Album: FetchableRecord {
    /// Reads a row of ``DiaryStore``'s album query: the album's columns plus `photoCount` and `coverPhotoId`.
    package init(row: Row) throws {
        stored = try AlbumRow(row: row)
        photoCount = row["photoCount"] ?? 0
        coverPhotoId = row["coverPhotoId"]
    }
}
