/// One member to write into an archive: its name inside, and where its content comes from.
public struct ArchiveMember: Sendable, Hashable {
    /// Where a member's content comes from.
    public enum Source: Sendable, Hashable {
        /// A regular file on disk, read while it is written.
        case file(path: String)
        /// A directory (no content).
        case directory
        /// Bytes in memory (a manifest, a small JSON file).
        case bytes([UInt8])
    }

    /// The member's relative path inside the archive.
    public var name: String
    /// Its content.
    public var source: Source
    /// Permission bits; `nil` takes a file's own (or 0644 for bytes and 0755 for directories).
    public var mode: UInt32?
    /// Modification time in seconds since 1970; `nil` takes a file's own (or 0).
    public var modificationTime: Int64?
    /// The SHA-256 the content must have (lower-case hex); writing fails if it differs.
    public var expectedSHA256: String?

    /// Creates a member.
    public init(
        name: String, source: Source, mode: UInt32? = nil, modificationTime: Int64? = nil,
        expectedSHA256: String? = nil
    ) {
        self.name = name
        self.source = source
        self.mode = mode
        self.modificationTime = modificationTime
        self.expectedSHA256 = expectedSHA256
    }
}
