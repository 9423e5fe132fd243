import GRDB

/// A row of the `thumbnail` table: the blob of a thumbnail made of the blob `sha256` at `size` pixels.
struct ThumbnailRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "thumbnail"

    var sha256: String
    var size: Int
    var thumbnailSha256: String
}
