/// Bounds on what reading an untrusted archive may cost. Every field has a default.
public struct ArchiveLimits: Sendable, Hashable {
    /// The most members (files, directories, anything) an archive may hold.
    public var maxMembers: Int
    /// The most data bytes, summed over all files.
    public var maxTotalBytes: Int64
    /// The most data bytes in one file.
    public var maxMemberBytes: Int64
    /// The largest ratio of decompressed to compressed bytes; 0 for none. Checked continuously once
    /// ``ratioGraceBytes`` have been decompressed, so a bomb is stopped early.
    public var maxRatio: Int
    /// Decompressed bytes allowed before ``maxRatio`` applies (small archives of zeros compress very well).
    public var ratioGraceBytes: Int64

    /// Creates limits; each parameter sets the property of its name, and its default is the one a bundle or
    /// archive from anyone is read with.
    public init(
        maxMembers: Int = 1_000_000,
        maxTotalBytes: Int64 = 64 << 30,
        maxMemberBytes: Int64 = 16 << 30,
        maxRatio: Int = 100,
        ratioGraceBytes: Int64 = 64 << 20
    ) {
        self.maxMembers = maxMembers
        self.maxTotalBytes = maxTotalBytes
        self.maxMemberBytes = maxMemberBytes
        self.maxRatio = maxRatio
        self.ratioGraceBytes = ratioGraceBytes
    }

    /// No limits beyond what the formats allow: for archives you made yourself.
    public static let trusted = ArchiveLimits(
        maxMembers: .max, maxTotalBytes: .max, maxMemberBytes: .max, maxRatio: 0, ratioGraceBytes: 0)
}
