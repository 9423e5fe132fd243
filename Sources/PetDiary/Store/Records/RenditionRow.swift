import GRDB

/// A row of the `rendition` table: the browser-playable copy (`renditionSha256`, `bytes` long) made of the video
/// blob `sha256`.
struct RenditionRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "rendition"

    var sha256: String
    var renditionSha256: String
    var bytes: Int64
    var createdAt: String

    /// The columns the store's queries name.
    enum Columns {
        static let sha256 = Column(CodingKeys.sha256)
        static let renditionSha256 = Column(CodingKeys.renditionSha256)
    }
}
