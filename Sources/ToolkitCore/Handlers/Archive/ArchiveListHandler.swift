import JSONRPC
import Sharing
import ToolkitAPI

/// Answers `archive.list` from the manifests of the archive directory.
struct ArchiveListHandler: RPCHandler, ArchiveDirectoryHandling {
    typealias Method = ArchiveList

    let dataDirectory: String
    /// The config's `archiveDir`, when it names one.
    var archiveDirectory: String?

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        let directory = try self.directory(params.to, context: context)
        return try await BackupCatalog.list(directory, limit: params.limit, cursor: params.cursor)
    }
}
