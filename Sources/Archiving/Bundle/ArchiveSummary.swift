/// What writing an archive produced.
public struct ArchiveSummary: Sendable, Hashable {
    /// The final path of the archive.
    public var path: String
    /// Every file written, with its size and SHA-256 computed while writing, in order.
    public var files: [BundleManifest.Member]
    /// All members written, directories included.
    public var memberCount: Int
    /// Bytes of the tar stream before compression.
    public var tarBytes: Int64
    /// Bytes of the `.tar.zst` file.
    public var compressedBytes: Int64
    /// The SHA-256 of the `.tar.zst` file (lower-case hex), computed from the bytes as they were written.
    public var sha256: String
}
