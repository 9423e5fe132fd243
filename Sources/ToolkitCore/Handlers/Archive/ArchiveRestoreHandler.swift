import JSONRPC
import ToolkitAPI

/// Answers `archive.restore`: a new data directory at the state of an archive, never the live one.
struct ArchiveRestoreHandler: RPCHandler {
    typealias Method = ArchiveRestore

    let dataDirectory: String

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        defer { FreedMemory.release() }
        try PathAccess.check(context)
        try ArchiveTarget.existingArchive(params.path)
        let reporter = context.progressReporter(unit: "archives")
        return try await ArchiveRestorer(liveDataDirectory: dataDirectory).restore(params.path, into: params.into) {
            done, total in reporter.report(done: done, total: total)
        }
    }
}
