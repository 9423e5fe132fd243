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
    /// The EXIF orientation, 1–8 (1 is upright; 6 needs a 90° clockwise turn to display). For HEIC it
    /// comes from the `irot`/`imir` properties, for videos from the track matrix (1, 3, 6 or 8 only).
    package var orientation: Int?
    /// A video's duration in seconds.
    package var durationSeconds: Double?
    /// A WebM, Matroska or AVI video track's codec as the container names it (`V_VP9`, `V_MPEG4/ISO/AVC`,
    /// `MJPG`); `nil` for other types.
    package var videoCodec: String?

    /// Makes an info value with only the media type known.
    package init(mediaType: String) {
        self.mediaType = mediaType
    }

    /// The width as displayed, after applying ``orientation``.
    package var displayWidth: Int? { (orientation ?? 1) >= 5 ? height : width }
    /// The height as displayed, after applying ``orientation``.
    package var displayHeight: Int? { (orientation ?? 1) >= 5 ? width : height }
}
