package import Foundation

/// What ``MediaInspector`` found in a photo or video's bytes.
///
/// `width` and `height` are the *stored* pixel dimensions, before any rotation: a portrait phone photo
/// stored as 4032×3024 with `orientation` 6 reports width 4032, height 3024. Turn them with
/// ``displayWidth``/``displayHeight`` (orientations 5–8 swap them).
package struct MediaInfo: Sendable, Hashable {
    /// The MIME type sniffed from the content: one of ``MediaType``'s values.
    package var mediaType: String
    /// The stored pixel width, if the header says.
    package var width: Int?
    /// The stored pixel height, if the header says.
    package var height: Int?
    /// When the photo or video was taken (see ``takenAtSource``).
    package var takenAt: Date?
    /// Where ``takenAt`` came from.
    package var takenAtSource: TakenAtSource?
    /// The UTC offset, in seconds east of UTC, that ``takenAt`` was recorded at, when the file says one
    /// (EXIF `OffsetTimeOriginal`, QuickTime `com.apple.quicktime.creationdate`); `nil` otherwise.
    package var takenAtOffset: Int?
    /// The EXIF orientation, 1–8 (1 is upright; 6 needs a 90° clockwise turn to display). For HEIC it
    /// comes from the `irot`/`imir` properties, for videos from the track matrix (1, 3, 6 or 8 only).
    package var orientation: Int?
    /// A video's duration in seconds.
    package var durationSeconds: Double?
    /// A video's codec as ffmpeg names it (`h264`, `hevc`, `vp9`, `mjpeg`; see ``CodecName``), read from the
    /// container; `nil` for photos and when the container does not say.
    package var videoCodec: String?
    /// A video's sound codec, named the same way (`aac`, `opus`); `nil` for a silent video.
    package var audioCodec: String?
    /// A video's frames per second: from its track's frame count and length (MP4, MOV), its default frame
    /// duration (WebM, Matroska) or its main header (AVI); `nil` when the container does not say.
    package var frameRate: Double?

    /// Makes an info value with only the media type known.
    package init(mediaType: String) {
        self.mediaType = mediaType
    }

    /// The width as displayed, after applying ``orientation``.
    package var displayWidth: Int? { (orientation ?? 1) >= 5 ? height : width }
    /// The height as displayed, after applying ``orientation``.
    package var displayHeight: Int? { (orientation ?? 1) >= 5 ? width : height }
}
