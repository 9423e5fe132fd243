/// `album.created`: An album was created; `data` is the new album.
public enum AlbumCreated: APIEvent {
    /// The new album.
    public typealias Data = AlbumRecord
    public static let topic = "album.created"
    public static let summary = "An album was created; `data` is the new album."
}
