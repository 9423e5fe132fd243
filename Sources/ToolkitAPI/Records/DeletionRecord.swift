/// What a delete removed, children included.
public struct DeletionRecord: Codable, Sendable, Hashable {
    /// Albums deleted: the album itself for `albums.delete`, the pet's albums for `pets.delete` with `force`.
    public var albums: Int
    /// Photos and videos deleted with them, or the one `photos.delete` named.
    public var photos: Int
    /// Diary entries deleted (a pet's, with `force`).
    public var entries: Int

    /// Makes the counts; a kind not given is 0.
    public init(albums: Int = 0, photos: Int = 0, entries: Int = 0) {
        self.albums = albums
        self.photos = photos
        self.entries = entries
    }
}
