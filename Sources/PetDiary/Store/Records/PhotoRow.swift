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
    /// EXIF capture time when present, else the file's modification time; UTC (see ``takenDay``).
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
    /// The UTC offset (seconds east) the file recorded ``takenAt`` at; nil when it names none.
    package var takenOffset: Int? = nil
    /// The offset ``takenAt`` counts in: ``takenOffset``, else the diary's time zone's at that instant. Nil only
    /// until the store cuts the row's day (``PhotoDays``).
    package var localOffset: Int? = nil
    /// The calendar day ``takenAt`` falls on at ``localOffset``: the day every list, calendar and gallery puts
    /// the photo on.
    package var takenDay: String? = nil
    /// Where ``takenAt`` came from: `exif` or `container` (the content says when it was recorded), `file` (the
    /// file's modification time), `import` (the time of an import that had no file), `plugin` (a hook set it).
    package var takenAtSource: String? = nil

    /// A row with every column given; the video details, the offsets, the day and where the time came from are
    /// nil unless given (the store cuts the day, see ``PhotoDays``).
    package init(
        id: String, albumId: String, sha256: String, bytes: Int64, mediaType: String, width: Int?, height: Int?,
        orientation: Int?, durationSeconds: Double?, takenAt: String, importedAt: String, filename: String?,
        memo: String, favorite: Bool, videoCodec: String? = nil, audioCodec: String? = nil, frameRate: Double? = nil,
        takenOffset: Int? = nil, localOffset: Int? = nil, takenDay: String? = nil, takenAtSource: String? = nil
    ) {
        self.id = id
        self.albumId = albumId
        self.sha256 = sha256
        self.bytes = bytes
        self.mediaType = mediaType
        self.width = width
        self.height = height
        self.orientation = orientation
        self.durationSeconds = durationSeconds
        self.takenAt = takenAt
        self.importedAt = importedAt
        self.filename = filename
        self.memo = memo
        self.favorite = favorite
        self.videoCodec = videoCodec
        self.audioCodec = audioCodec
        self.frameRate = frameRate
        self.takenOffset = takenOffset
        self.localOffset = localOffset
        self.takenDay = takenDay
        self.takenAtSource = takenAtSource
    }

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

    /// ``takenAt`` where it was lived (see ``LocalTime``); nil until the day is cut.
    package var takenLocal: LocalTime? {
        guard let localOffset, let instant = Timestamp.date(from: takenAt) else { return nil }
        return LocalTime(instant: instant, offsetSeconds: localOffset)
    }

    /// The columns the store's queries name.
    package enum Columns {
        package static let albumId = Column(CodingKeys.albumId)
        package static let sha256 = Column(CodingKeys.sha256)
        package static let mediaType = Column(CodingKeys.mediaType)
        package static let width = Column(CodingKeys.width)
        package static let height = Column(CodingKeys.height)
        package static let orientation = Column(CodingKeys.orientation)
        package static let durationSeconds = Column(CodingKeys.durationSeconds)
        package static let videoCodec = Column(CodingKeys.videoCodec)
        package static let audioCodec = Column(CodingKeys.audioCodec)
        package static let frameRate = Column(CodingKeys.frameRate)
        package static let takenDay = Column(CodingKeys.takenDay)
    }
}
