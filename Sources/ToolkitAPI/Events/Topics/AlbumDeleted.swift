/// `album.deleted`: An album was deleted; `data` is `{id}`.
public enum AlbumDeleted: APIEvent {
    /// `{id}` of the album deleted.
    public typealias Data = RecordID
    public static let topic = "album.deleted"
    public static let summary = "An album was deleted; `data` is `{id}`."
}
