import Archiving
import Foundation
import Sharing
import ToolkitCore

/// An archive as `archive verify` and `archive restore` take it beside a file: a folder (its newest archive,
/// whose chain must be in it too), or an rclone remote path (`REMOTE:FOLDER` for its newest archive, or
/// `REMOTE:FOLDER/NAME.tar.zst`), whose archive and the ones it builds on are fetched into a folder of their
/// own under the user's cache first, and removed after.
struct ArchiveSource {
    /// The local archive to read.
    var path: String
    /// How to name it to the user: the remote path, or the local one.
    var shown: String
    /// The folder the fetched archives are in, to remove when done.
    private var fetched: String?

    /// The source `argument` names when it is a folder or a remote; nil for anything else (a file, or a
    /// name in the archive directory), which the caller reads as it always has.
    /// - Throws: ``ArchiveCommandFailure`` when the folder holds no archive; what fetching throws.
    static func resolve(_ argument: String, _ global: GlobalOptions) async throws -> ArchiveSource? {
        if RemoteBackups.names(argument) {
            let remote = try RemoteBackups(environment: global.environment)
            let folder = try fetchFolder(global.environment)
            do {
                let (path, remotePath) = try await remote.fetch(argument, into: folder)
                return ArchiveSource(path: path, shown: remotePath, fetched: folder)
            } catch {
                try? FileManager.default.removeItem(atPath: folder)
                throw error
            }
        }
        let local = absolutePath(argument)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: local, isDirectory: &isDirectory), isDirectory.boolValue else {
            return nil
        }
        guard let newest = BackupDirectory.archives(in: local).last else {
            throw ArchiveCommandFailure("There is no toolkit archive in the folder \(local).")
        }
        let path = local + "/" + newest.name
        return ArchiveSource(path: path, shown: path, fetched: nil)
    }

    /// Removes what was fetched.
    func cleanUp() {
        if let fetched { try? FileManager.default.removeItem(atPath: fetched) }
    }

    /// A new folder (0700) under `$XDG_CACHE_HOME/toolkit` (else `~/.cache/toolkit`), where the core can read
    /// too (a service's private /tmp would hide one there).
    private static func fetchFolder(_ environment: [String: String]) throws -> String {
        let cache =
            environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.cache"
        let root = cache + "/toolkit"
        try FileManager.default.createDirectory(
            atPath: root, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        var template = Array((root + "/fetch-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw ArchiveCommandFailure("Cannot make a folder in \(root) to fetch the archives into.")
        }
        return String(cString: made)
    }
}
