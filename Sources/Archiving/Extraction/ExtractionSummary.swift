/// What an extraction wrote.
public struct ExtractionSummary: Sendable, Hashable {
    /// Files written.
    public var files: Int
    /// Directories created or updated.
    public var directories: Int
    /// Data bytes written.
    public var bytes: Int64
    /// Compressed bytes read.
    public var compressedBytes: Int64
    /// The `manifest.json` every file was checked against, when the archive had one as its first member.
    public var manifest: BundleManifest?
}
