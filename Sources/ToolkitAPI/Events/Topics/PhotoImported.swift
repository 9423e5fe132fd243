/// `photo.imported`: A photo or video was added to an album (not published for a duplicate); `data` is the photo.
public enum PhotoImported: APIEvent {
    public typealias Data = PhotoRecord
    public static let topic = "photo.imported"
    public static let summary = """
        A photo or video was added to an album (not published for a duplicate); `data` is the photo.
        """
}
