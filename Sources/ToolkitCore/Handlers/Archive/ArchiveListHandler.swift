import JSONRPC
import ToolkitAPI

/// Answers `archive.list` from the manifests of the archive directory.
struct ArchiveListHandler: RPCHandler {
    typealias Method = ArchiveList

    let dataDirectory: String
    /// The config's `archiveDir`, when it names one.
    var archiveDirectory: String?

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        if params.to != nil { try PathAccess.check(context) }
        let directory = try ArchiveTarget.directory(
            params.to, dataDirectory: dataDirectory, configured: archiveDirectory)
        return try await ArchiveCatalog.list(directory, limit: params.limit, cursor: params.cursor)
    }
}
