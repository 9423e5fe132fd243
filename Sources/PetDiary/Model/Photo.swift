public import GRDB

/// A photo or a video in an album. The bytes live in the blob store under ``sha256``; this is metadata.
public struct Photo: Sendable, Hashable {
    public var id: String
    public var albumId: String
    public var sha256: String
    public var bytes: Int64
    /// The MIME type sniffed from the content, e.g. `image/jpeg`, `video/mp4`.
    public var mediaType: String
    /// Stored pixel size; the displayed size swaps them when ``orientation`` is 5–8.
    public var width: Int?
    public var height: Int?
    /// EXIF orientation 1–8, when the file has one.
    public var orientation: Int?
    /// For videos: the container's duration.
    public var durationSeconds: Double?
    /// EXIF capture time when present, else the file's modification time.
    public var takenAt: String
    public var importedAt: String
    /// The name the file had when imported, if it had one.
    public var filename: String?
    public var memo: String
    public var favorite: Bool
    /// Set only on an import result: true when these bytes were already in the album.
    public var duplicate: Bool?
}

extension Photo: FetchableRecord {
    public init(row: Row) {
        id = row["id"]
        albumId = row["albumId"]
        sha256 = row["sha256"]
        bytes = row["bytes"]
        mediaType = row["mediaType"]
        width = row["width"]
        height = row["height"]
        orientation = row["orientation"]
        durationSeconds = row["durationSeconds"]
        takenAt = row["takenAt"]
        importedAt = row["importedAt"]
        filename = row["filename"]
        memo = row["memo"]
        favorite = row["favorite"]
        duplicate = nil
    }
}

extension Photo: Encodable {
    private enum CodingKeys: String, CodingKey {
        case id, albumId, sha256, bytes, mediaType, width, height, orientation, durationSeconds, takenAt,
            importedAt, filename, memo, favorite, duplicate
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(albumId, forKey: .albumId)
        try container.encode(sha256, forKey: .sha256)
        try container.encode(bytes, forKey: .bytes)
        try container.encode(mediaType, forKey: .mediaType)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
        try container.encode(orientation, forKey: .orientation)
        try container.encode(durationSeconds, forKey: .durationSeconds)
        try container.encode(takenAt, forKey: .takenAt)
        try container.encode(importedAt, forKey: .importedAt)
        try container.encode(filename, forKey: .filename)
        try container.encode(memo, forKey: .memo)
        try container.encode(favorite, forKey: .favorite)
        try container.encodeIfPresent(duplicate, forKey: .duplicate)
    }
}
