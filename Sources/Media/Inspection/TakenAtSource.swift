/// Where a ``MediaInfo/takenAt`` date came from.
package enum TakenAtSource: String, Sendable, Hashable, Codable {
    /// EXIF `DateTimeOriginal` (else `DateTimeDigitized`, else `DateTime`), in a JPEG, WebP or HEIC.
    case exif
    /// The creation time in a video's movie header (`mvhd`).
    case container
    /// The file's modification time, when the content carries no date.
    case file
}
