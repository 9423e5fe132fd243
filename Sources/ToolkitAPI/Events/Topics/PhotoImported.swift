/// `photo.imported`: A photo or video was added to an album (not published for a duplicate); `data` is the photo.
public enum PhotoImported: APIEvent {
    /// The new photo or video.
    public typealias Data = PhotoRecord
    public static let topic = "photo.imported"
    public static let summary = """
        A photo or video was added to an album (not published for a duplicate); `data` is the photo.
        """
}
