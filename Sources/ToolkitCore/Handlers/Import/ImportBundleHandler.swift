import Glibc
import JSONRPC
import PetDiary
import Sharing
import ToolkitAPI

/// Answers `import.bundle` as ToolkitAPI's ``ImportBundle`` describes it, and publishes one
/// `import.completed` event with the summary (not an event per record); the videos it brought without a browser
/// copy are queued for one.
struct ImportBundleHandler: RPCHandler {
    typealias Method = ImportBundle

    let diary: Diary
    let events: EventBus
    let renditions: RenditionQueue

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
        try Self.checkBundleFile(params.path)
        let reporter = context.progressReporter(unit: "bytes")
        let summary = try await BundleImport(diary: diary).importBundle(at: params.path, onConflict: mode) {
            done, total in
            reporter.report(done: Int(done), total: Int(total))
        }
        let result = Method.Result(summary)
        Task { [renditions] in await renditions.enqueueVideosWithoutCopies() }
        events.publish(
            ImportCompleted.self, ImportCompletedRecord(path: params.path, onConflict: name, summary: result))
        return result
    }

    /// Checks that `path` is a regular file the core can open.
    /// - Throws: -32602 saying there is no such file, that it is a folder, or that the core may not read it.
    static func checkBundleFile(_ path: String) throws {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let reason =
                errno == ENOENT || errno == ENOTDIR ? "there is no such file" : String(cString: strerror(errno))
            throw RPCError.invalidParams("Cannot import '\(path)': \(reason).", field: "path")
        }
        if info.st_mode & S_IFMT == S_IFDIR {
            throw RPCError.invalidParams(
                "Cannot import '\(path)': it is a folder; give the bundle file (.tar.zst) made by toolkit export.",
                field: "path")
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw RPCError.invalidParams("Cannot import '\(path)': it is not a regular file.", field: "path")
        }
        guard access(path, R_OK) == 0 else {
            throw RPCError.invalidParams(
                "Cannot import '\(path)': the core may not read it (it runs as another user?).", field: "path")
        }
    }
}
