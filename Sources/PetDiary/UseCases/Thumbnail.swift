/// A JPEG thumbnail of a photo, as ``Diary/thumbnail(ofPhoto:size:)`` made or found it.
public struct Thumbnail: Sendable, Hashable {
    /// The photo it shows.
    public var photoId: String
    /// The longest side asked for, in pixels.
    public var size: Int
    /// The SHA-256 of the JPEG (a blob of its own).
    public var sha256: String
    /// The blob's path.
    public var path: String
    /// The JPEG.
    public var bytes: [UInt8]
}
