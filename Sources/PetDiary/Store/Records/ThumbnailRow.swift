import GRDB

/// A row of the `thumbnail` table: the blob of a thumbnail made of the blob `sha256` at `size` pixels.
struct ThumbnailRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "thumbnail"

    var sha256: String
    var size: Int
    var thumbnailSha256: String

    /// The columns the store's queries name.
    enum Columns {
        static let sha256 = Column(CodingKeys.sha256)
        static let size = Column(CodingKeys.size)
        static let thumbnailSha256 = Column(CodingKeys.thumbnailSha256)
    }
}
