import JSONRPC
import Sharing
import ToolkitAPI

/// Answers `archive.prune`, holding the archive directory's lock.
struct ArchivePruneHandler: RPCHandler, ArchiveDirectoryHandling {
    typealias Method = ArchivePrune

    let dataDirectory: String
    /// The config's `archiveDir`, when it names one.
    var archiveDirectory: String?

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        let directory = try self.directory(params.to, context: context)
        let retention = try BackupTarget.retention(
            keepLast: params.keepLast, keepDaily: params.keepDaily, keepWeekly: params.keepWeekly,
            keepMonthly: params.keepMonthly)
        let lock = try await BackupLock.acquire(directory)
        defer { lock.release() }
        return try await BackupPruner.prune(holding: lock, retention: retention, dryRun: params.dryRun ?? false)
    }
}
