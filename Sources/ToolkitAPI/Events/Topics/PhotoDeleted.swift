/// `photo.deleted`: A photo was deleted; `data` is `{id}`.
public enum PhotoDeleted: APIEvent {
    /// `{id}` of the photo deleted.
    public typealias Data = RecordID
    public static let topic = "photo.deleted"
    public static let summary = "A photo was deleted; `data` is `{id}`."
}
