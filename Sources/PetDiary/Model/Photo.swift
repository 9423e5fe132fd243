package import GRDB

/// A photo or a video in an album. The bytes live in the blob store under ``sha256``; this is metadata.
package struct Photo: Sendable, Hashable {
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
    /// Set only on an import result: true when these bytes were already in the album.
    package var duplicate: Bool?
    /// Its voice notes, oldest first.
    package var notes: [NoteSummary] = []
}

extension Photo: FetchableRecord {
    package init(row: Row) {
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
        notes = row.hasColumn("noteList") ? NoteSummary.list(row["noteList"]) : []
    }
}
