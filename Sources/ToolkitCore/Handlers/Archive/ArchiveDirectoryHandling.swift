import JSONRPC
import Sharing

/// A handler of the methods that work in an archive directory (`archive.create`, `archive.list`,
/// `archive.prune`), which a call's `to` may name.
protocol ArchiveDirectoryHandling {
    var dataDirectory: String { get }
    /// The config's `archiveDir`, when it names one.
    var archiveDirectory: String? { get }
}

extension ArchiveDirectoryHandling {
    /// The directory the call works in: `to`, which only a client of the core's own user may name, else the
    /// configured or default one.
    /// - Throws: -32003 when another user's client names `to`; -32602 when `to` is relative.
    func directory(_ to: String?, context: RPCContext) throws -> String {
        if to != nil { try PathAccess.check(context) }
        return try BackupTarget.directory(to, dataDirectory: dataDirectory, configured: archiveDirectory)
    }
}
