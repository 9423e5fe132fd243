/// Where the core keeps a photo's original: its blob, `DATA/blobs/sha256/ab/abcdef…`, named by the SHA-256 of
/// its bytes (the layout of the core's blob store).
enum OriginalFile {
    /// The path of the blob `sha256` in the data directory `dataDirectory`.
    static func path(dataDirectory: String, sha256: String) -> String {
        let directory = dataDirectory.hasSuffix("/") ? String(dataDirectory.dropLast()) : dataDirectory
        return "\(directory)/blobs/sha256/\(sha256.prefix(2))/\(sha256)"
    }

    /// A size for a person: `17.3 MB`.
    static func megabytes(_ bytes: Int64) -> String {
        let tenths = (bytes + 50_000) / 100_000
        return "\(tenths / 10).\(tenths % 10) MB"
    }
}
