public import JSONRPC

/// A photo or video as the core sends it. Unset fields are `null`; `duplicate` is there only on an import.
public struct PhotoRecord: WireRecord, Sendable, Hashable {
    /// The photo's id (UUID).
    public var id: String
    /// The album that holds it.
    public var albumId: String
    /// The content's sha256, in hex: the blob's name.
    public var sha256: String
    /// The file's size in bytes.
    public var bytes: Int64
    /// The MIME type sniffed from the content, e.g. `image/jpeg`, `video/mp4`.
    public var mediaType: String
    /// Stored pixel size; the displayed size swaps them when ``orientation`` is 5–8.
    public var width: Int?
    /// See ``width``; `null` when the header does not say.
    public var height: Int?
    /// EXIF orientation 1–8, when the file has one.
    public var orientation: Int?
    /// For videos: the container's duration.
    public var durationSeconds: Double?
    /// EXIF capture time when present, else the file's modification time: the instant, in UTC.
    public var takenAt: String
    /// When it was imported, RFC 3339 UTC.
    public var importedAt: String
    /// The name the file had when imported, if it had one.
    public var filename: String?
    /// A note written on it, up to 1000 characters; empty when there is none.
    public var memo: String
    /// Whether it is marked as a favourite.
    public var favorite: Bool
    /// Only on an import result: true when these bytes were already in the album.
    public var duplicate: Bool?
    /// Its voice notes, oldest first (`notes.list` has the whole records).
    public var notes: [NoteSummaryRecord]
    /// The size as shown: ``width`` and ``height`` swapped for a quarter turn (orientation 5–8).
    public var displayWidth: Int? = nil
    /// See ``displayWidth``.
    public var displayHeight: Int? = nil
    /// For videos: degrees clockwise (0, 90, 180, 270) to turn the frames upright; `null` for photos.
    public var rotation: Int? = nil
    /// For videos: the codecs as ffmpeg names them (`h264`, `hevc`, `vp9`; `aac`, `opus`), `null` when the
    /// container does not say or, for `audioCodec`, the video is silent.
    public var videoCodec: String? = nil
    /// See ``videoCodec``.
    public var audioCodec: String? = nil
    /// For videos: frames per second, when the container says.
    public var frameRate: Double? = nil
    /// The UTC offset the file recorded ``takenAt`` at (`+09:00`; EXIF `OffsetTimeOriginal`, QuickTime's
    /// `com.apple.quicktime.creationdate`); `null` when it names none.
    public var takenOffset: String? = nil
    /// ``takenAt`` as it was lived, with its offset (`2026-11-28T08:30:00+09:00`): at ``takenOffset``, else in the
    /// diary's time zone.
    public var takenAtLocal: String? = nil
    /// The calendar day of ``takenAtLocal``, `YYYY-MM-DD`: the day lists, the calendar and galleries put it on.
    public var takenDay: String? = nil
    /// Where ``takenAt`` came from: `exif` or `container` (the file says when it was recorded), `file` (its
    /// modification time), `import` (the time of an import that had no file), `plugin` (a hook set it).
    public var takenAtSource: String? = nil

    /// Makes the record with the fields every photo has; the video details, offset and day are set apart.
    public init(
        id: String, albumId: String, sha256: String, bytes: Int64, mediaType: String, width: Int? = nil,
        height: Int? = nil, orientation: Int? = nil, durationSeconds: Double? = nil, takenAt: String,
        importedAt: String, filename: String? = nil, memo: String = "", favorite: Bool = false, duplicate: Bool? = nil,
        notes: [NoteSummaryRecord] = []
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
        self.duplicate = duplicate
        self.notes = notes
    }

    enum CodingKeys: String, CodingKey {
        case id, albumId, sha256, bytes, mediaType, width, height, orientation, durationSeconds, takenAt,
            importedAt, filename, memo, favorite, duplicate, notes, displayWidth, displayHeight, rotation, videoCodec,
            audioCodec, frameRate, takenOffset, takenAtLocal, takenDay, takenAtSource
    }

    /// Reads a record; one written before voice notes (a bundle's `photos.jsonl`) has none, and one written
    /// before the video details has none of those, and one written before days were cut where they were lived
    /// has no offset or day.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        albumId = try container.decode(String.self, forKey: .albumId)
        sha256 = try container.decode(String.self, forKey: .sha256)
        bytes = try container.decode(Int64.self, forKey: .bytes)
        mediaType = try container.decode(String.self, forKey: .mediaType)
        width = try container.decodeIfPresent(Int.self, forKey: .width)
        height = try container.decodeIfPresent(Int.self, forKey: .height)
        orientation = try container.decodeIfPresent(Int.self, forKey: .orientation)
        durationSeconds = try container.decodeIfPresent(Double.self, forKey: .durationSeconds)
        takenAt = try container.decode(String.self, forKey: .takenAt)
        importedAt = try container.decode(String.self, forKey: .importedAt)
        filename = try container.decodeIfPresent(String.self, forKey: .filename)
        memo = try container.decode(String.self, forKey: .memo)
        favorite = try container.decode(Bool.self, forKey: .favorite)
        duplicate = try container.decodeIfPresent(Bool.self, forKey: .duplicate)
        notes = try container.decodeIfPresent([NoteSummaryRecord].self, forKey: .notes) ?? []
        displayWidth = try container.decodeIfPresent(Int.self, forKey: .displayWidth)
        displayHeight = try container.decodeIfPresent(Int.self, forKey: .displayHeight)
        rotation = try container.decodeIfPresent(Int.self, forKey: .rotation)
        videoCodec = try container.decodeIfPresent(String.self, forKey: .videoCodec)
        audioCodec = try container.decodeIfPresent(String.self, forKey: .audioCodec)
        frameRate = try container.decodeIfPresent(Double.self, forKey: .frameRate)
        takenOffset = try container.decodeIfPresent(String.self, forKey: .takenOffset)
        takenAtLocal = try container.decodeIfPresent(String.self, forKey: .takenAtLocal)
        takenDay = try container.decodeIfPresent(String.self, forKey: .takenDay)
        takenAtSource = try container.decodeIfPresent(String.self, forKey: .takenAtSource)
    }
}

extension PhotoRecord {
    /// Writes the photo as JSON: every member in sorted key order, `null` when unset; `duplicate` only when set.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("albumId"); writer.value(albumId)
        writer.key("audioCodec"); writer.value(audioCodec)
        writer.key("bytes"); writer.value(bytes)
        writer.key("displayHeight"); writer.value(displayHeight)
        writer.key("displayWidth"); writer.value(displayWidth)
        if let duplicate { writer.key("duplicate"); writer.value(duplicate) }
        writer.key("durationSeconds"); writer.value(durationSeconds)
        writer.key("favorite"); writer.value(favorite)
        writer.key("filename"); writer.value(filename)
        writer.key("frameRate"); writer.value(frameRate)
        writer.key("height"); writer.value(height)
        writer.key("id"); writer.value(id)
        writer.key("importedAt"); writer.value(importedAt)
        writer.key("mediaType"); writer.value(mediaType)
        writer.key("memo"); writer.value(memo)
        writer.key("notes"); writer.value(notes)
        writer.key("orientation"); writer.value(orientation)
        writer.key("rotation"); writer.value(rotation)
        writer.key("sha256"); writer.value(sha256)
        writer.key("takenAt"); writer.value(takenAt)
        writer.key("takenAtLocal"); writer.value(takenAtLocal)
        writer.key("takenAtSource"); writer.value(takenAtSource)
        writer.key("takenDay"); writer.value(takenDay)
        writer.key("takenOffset"); writer.value(takenOffset)
        writer.key("videoCodec"); writer.value(videoCodec)
        writer.key("width"); writer.value(width)
        writer.endObject()
    }
}
