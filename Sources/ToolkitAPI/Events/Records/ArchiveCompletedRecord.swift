/// The `data` of `archive.completed`: `{path, size, kind, sha256}` of the archive written.
public struct ArchiveCompletedRecord: Codable, Sendable, Hashable {
    /// Where the archive is.
    public var path: String
    /// Its size in bytes.
    public var size: Int64
    /// `full`, or `incremental` (holding what changed since the previous archive).
    public var kind: String
    /// The SHA-256 of the whole file, hex.
    public var sha256: String

    /// Makes the event's data.
    public init(path: String, size: Int64, kind: String, sha256: String) {
        self.path = path
        self.size = size
        self.kind = kind
        self.sha256 = sha256
    }
}
