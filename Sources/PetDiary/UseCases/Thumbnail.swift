/// A JPEG thumbnail of a photo, as ``Diary/thumbnail(ofPhoto:size:)`` made or found it.
package struct Thumbnail: Sendable, Hashable {
    /// The photo it shows.
    package var photoId: String
    /// The longest side asked for, in pixels.
    package var size: Int
    /// The SHA-256 of the JPEG (a blob of its own).
    package var sha256: String
    /// The blob's path.
    package var path: String
    /// The JPEG.
    package var bytes: [UInt8]
}
