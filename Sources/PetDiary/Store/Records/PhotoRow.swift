package import GRDB
import Media

/// A row of the `photo` table: a photo's or a video's metadata as stored. ``Photo`` adds its voice notes and,
/// on an import's answer, whether the bytes were there already.
package struct PhotoRow: Sendable, Hashable, Codable, FetchableRecord, PersistableRecord {
    package static let databaseTableName = "photo"

    package var id: String
    package var albumId: String
    package var sha256: String
    package var bytes: Int64
    /// The MIME type sniffed from the content, e.g. `image/jpeg`, `video/mp4`.
    package var mediaType: String
    /// Stored pixel size; the displayed size swaps them when ``orientation`` is 5–8.
    package var width: Int?
    package var height: Int?
    /// EXIF orientation 1–8, when the file has one.
    package var orientation: Int?
    /// For videos: the container's duration.
    package var durationSeconds: Double?
    /// EXIF capture time when present, else the file's modification time.
    package var takenAt: String
    package var importedAt: String
    /// The name the file had when imported, if it had one.
    package var filename: String?
    package var memo: String
    package var favorite: Bool
    /// For videos: the codecs as ffmpeg names them (`h264`, `hevc`, `aac`) and frames per second, when the
    /// container says.
    package var videoCodec: String? = nil
    package var audioCodec: String? = nil
    package var frameRate: Double? = nil

    /// Degrees clockwise (0, 90, 180, 270) to turn a video's frames to show them upright, from its track's
    /// orientation; `nil` for a photo, whose ``orientation`` is EXIF's and may also mirror.
    package var rotation: Int? {
        guard MediaType.isVideo(mediaType) else { return nil }
        return switch orientation {
        case 6: 90
        case 3: 180
        case 8: 270
        default: 0
        }
    }

    /// The size as shown: ``width`` and ``height`` swapped for EXIF orientations 5–8 (a quarter turn).
    package var displayWidth: Int? { (orientation ?? 1) >= 5 ? height : width }
    package var displayHeight: Int? { (orientation ?? 1) >= 5 ? width : height }

    /// The columns the store's queries name.
    package enum Columns {
        package static let albumId = Column(CodingKeys.albumId)
        package static let sha256 = Column(CodingKeys.sha256)
    }
}
