import JSONRPC
import Sharing
import ToolkitAPI

/// Answers `archive.verify`: the archive read back in full, and its chain.
struct ArchiveVerifyHandler: RPCHandler {
    typealias Method = ArchiveVerify

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        try PathAccess.check(context)
        try BackupTarget.existingArchive(params.path)
        return try await BackupCheck.verify(params.path)
    }
}
