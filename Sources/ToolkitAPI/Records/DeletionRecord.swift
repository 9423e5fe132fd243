/// What a delete removed, children included.
public struct DeletionRecord: Codable, Sendable, Hashable {
    public var albums: Int
    public var photos: Int
    public var entries: Int

    public init(albums: Int = 0, photos: Int = 0, entries: Int = 0) {
        self.albums = albums
        self.photos = photos
        self.entries = entries
    }
}
