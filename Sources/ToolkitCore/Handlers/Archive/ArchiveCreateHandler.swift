import JSONRPC
import PetDiary
import Sharing
import ToolkitAPI

/// Answers `archive.create` after the plugins' `archive.beforeCreate` (which may refuse), holding the archive
/// directory's lock, and publishes `archive.completed` (not when nothing changed and none was written).
struct ArchiveCreateHandler: RPCHandler, ArchiveDirectoryHandling {
    typealias Method = ArchiveCreate

    let diary: Diary
    let events: EventBus
    let dataDirectory: String
    /// The config's `archiveDir`, when it names one.
    var archiveDirectory: String?
    let hooks: PluginHooks

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        defer { FreedMemory.release() }
        let directory = try self.directory(params.to, context: context)
        try await hooks.beforeArchive(ArchiveBeforeCreate.Params(directory: directory))
        let lock = try await BackupLock.acquire(directory)
        defer { lock.release() }
        let reporter = context.progressReporter(unit: "bytes")
        let result = try await DiaryBackupWriter(diary: diary, toolkitVersion: ToolkitVersion.current).create(
            holding: lock, force: params.force ?? false
        ) {
            done, total in
            reporter.report(done: Int(done), total: Int(total))
        }
        if result.unchanged { return result }
        events.publish(
            ArchiveCompleted.self,
            ArchiveCompletedRecord(path: result.path, size: result.size, kind: result.kind, sha256: result.sha256))
        return result
    }
}
