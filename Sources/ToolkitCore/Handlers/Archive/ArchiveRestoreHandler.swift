import JSONRPC
import PetDiary
import Sharing
import ToolkitAPI

/// Answers `archive.restore`: with `into`, a new data directory at the state of an archive, never the live one;
/// without, a part of that state merged into the running diary, published as `import.completed` with `source`
/// `archive`.
struct ArchiveRestoreHandler: RPCHandler {
    typealias Method = ArchiveRestore

    let diary: Diary
    let events: EventBus
    let dataDirectory: String
    let renditions: RenditionQueue

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        defer { FreedMemory.release() }
        try PathAccess.check(context)
        try BackupTarget.existingArchive(params.path)
        let part = BackupPartRestorer.Part(pet: params.pet, from: params.from, to: params.to)
        let mode = try Self.conflictMode(params.onConflict)
        let reporter = context.progressReporter(unit: "archives")
        guard params.into == nil || (part == BackupPartRestorer.Part() && params.onConflict == nil) else {
            throw RPCError.invalidParams(
                "into restores the whole archive into a new data directory; pet, from, to and onConflict restore "
                    + "a part into the running diary. Give one or the other.", field: "into")
        }
        if let into = params.into {
            return try await BackupRestorer(liveDataDirectory: dataDirectory).restore(params.path, into: into) {
                done, total in reporter.report(done: done, total: total)
            }
        }
        let (chain, summary) = try await BackupPartRestorer(diary: diary).restore(
            params.path, part: part, onConflict: mode
        ) { done, total in reporter.report(done: done, total: total) }
        let result = Method.Result(chain: chain, merged: summary)
        Task { [renditions] in await renditions.enqueueVideosWithoutCopies() }
        let merged = ImportBundle.Result(summary)
        events.publish(
            ImportCompleted.self,
            ImportCompletedRecord(path: params.path, onConflict: mode.rawValue, summary: merged, source: "archive"))
        return result
    }

    /// `onConflict`, `skip` when absent.
    /// - Throws: -32602 for a mode that is not skip, replace or duplicate.
    static func conflictMode(_ name: String?) throws -> ConflictMode {
        guard let name else { return .skip }
        guard let mode = ConflictMode(rawValue: name) else {
            throw RPCError.invalidParams("onConflict '\(name)' is not skip, replace or duplicate.", field: "onConflict")
        }
        return mode
    }
}
