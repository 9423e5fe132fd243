/// `album.updated`: An album was renamed; `data` is the album as it is now.
public enum AlbumUpdated: APIEvent {
    /// The album as it is now.
    public typealias Data = AlbumRecord
    public static let topic = "album.updated"
    public static let summary = "An album was renamed; `data` is the album as it is now."
}
