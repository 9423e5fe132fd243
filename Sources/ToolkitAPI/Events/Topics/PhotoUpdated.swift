/// `photo.updated`: A photo was changed (memo, favourite, album); `data` is the photo as it is now.
public enum PhotoUpdated: APIEvent {
    /// The photo as it is now.
    public typealias Data = PhotoRecord
    public static let topic = "photo.updated"
    public static let summary = "A photo was changed (memo, favourite, album); `data` is the photo as it is now."
}
