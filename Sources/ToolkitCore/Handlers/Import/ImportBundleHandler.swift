import Glibc
import JSONRPC
import PetDiary
import ToolkitAPI

/// Answers `import.bundle` as ToolkitAPI's ``ImportBundle`` describes it, and publishes one
/// `import.completed` event with the summary (not an event per record).
struct ImportBundleHandler: RPCHandler {
    typealias Method = ImportBundle

    let diary: Diary
    let events: EventBus

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        defer { FreedMemory.release() }
        try PathAccess.check(context)
        guard params.path.hasPrefix("/") else {
            throw RPCError.invalidParams("path '\(params.path)' is relative; give an absolute path.", field: "path")
        }
        let name = params.onConflict ?? ConflictMode.skip.rawValue
        guard let mode = ConflictMode(rawValue: name) else {
            throw RPCError.invalidParams(
                "onConflict '\(name)' is not skip, replace or duplicate.", field: "onConflict")
        }
        var info = stat()
        guard stat(params.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw RPCError.invalidParams(
                "path '\(params.path)' is not a file the core can see; give the bundle's absolute path on the "
                    + "core's machine.", field: "path")
        }
        let reporter = context.progressReporter(unit: "bytes")
        let summary = try await BundleImport(diary: diary).importBundle(at: params.path, onConflict: mode) {
            done, total in
            reporter.report(done: Int(done), total: Int(total))
        }
        let result = Method.Result(summary)
        events.publish(
            ImportCompleted.self, ImportCompletedRecord(path: params.path, onConflict: name, summary: result))
        return result
    }
}
