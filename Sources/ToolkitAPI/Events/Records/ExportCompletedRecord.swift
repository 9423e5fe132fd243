/// The `data` of `export.completed`: `{path, size, sha256}` of the bundle written.
public struct ExportCompletedRecord: Codable, Sendable, Hashable {
    /// Where the bundle is.
    public var path: String
    /// Its size in bytes.
    public var size: Int64
    /// The SHA-256 of the whole file, hex.
    public var sha256: String

    /// Makes the event's data.
    public init(path: String, size: Int64, sha256: String) {
        self.path = path
        self.size = size
        self.sha256 = sha256
    }
}
