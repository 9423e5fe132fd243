import ArgumentParser
import Archiving

/// The limits on reading an untrusted archive, as flags.
struct LimitOptions: ParsableArguments {
    @Option(help: "Refuse archives with more members than this.")
    var maxMembers: Int = ArchiveLimits().maxMembers

    @Option(help: ArgumentHelp("Refuse archives whose files add up to more than this (e.g. 64G).", valueName: "bytes"))
    var maxTotalBytes: ByteCount = ByteCount(bytes: ArchiveLimits().maxTotalBytes)

    @Option(help: ArgumentHelp("Refuse any one file larger than this (e.g. 16G).", valueName: "bytes"))
    var maxMemberBytes: ByteCount = ByteCount(bytes: ArchiveLimits().maxMemberBytes)

    @Option(help: "Stop when the data decompresses to more than this many times its compressed size (0: no limit).")
    var maxRatio: Int = ArchiveLimits().maxRatio

    func validate() throws {
        guard maxMembers > 0 else { throw ValidationError("--max-members must be at least 1") }
        guard maxRatio >= 0 else { throw ValidationError("--max-ratio must be 0 (no limit) or more") }
    }

    var limits: ArchiveLimits {
        ArchiveLimits(
            maxMembers: maxMembers, maxTotalBytes: maxTotalBytes.bytes, maxMemberBytes: maxMemberBytes.bytes,
            maxRatio: maxRatio)
    }
}
