#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Archiving
import Glibc

/// The directory archives live in (default `archives/` in the data directory, DESIGN's
/// `$XDG_DATA_HOME/toolkit/archives`): which files in it are archives, and the leftovers of an interrupted
/// run.
package enum BackupDirectory {
    /// The default archive directory of the data directory `dataDirectory`.
    package static func defaultPath(dataDirectory: String) -> String { dataDirectory + "/archives" }

    /// Makes `path` (0700) when it is missing.
    /// - Throws: ``ArchiveError`` `.io` when it cannot be made or is not a directory.
    static func create(_ path: String) throws {
        do {
            try FileManager.default.createDirectory(
                atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw ArchiveError(.io, "Cannot make the archive directory \(path): \(error)", underlying: error)
        }
    }

    /// The archives in `path`, oldest first (by the time their names carry); none when it does not exist.
    package static func archives(in path: String) -> [BackupFileName] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.compactMap(BackupFileName.init(parsing:)).sorted()
    }

    /// The name an archive being made has until it has been read back: hidden, so no reader takes it for one.
    static func unverifiedName(of name: String) -> String { ".\(name).unverified" }

    /// Removes what a killed run left: the writer's `.NAME.part-*` files and unverified archives. Only
    /// called with the directory's lock held, so no run is still writing them.
    static func removeLeftovers(in path: String) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        for name in names where name.hasPrefix(".") && (name.contains(".part-") || name.hasSuffix(".unverified")) {
            unlink(path + "/" + name)
        }
    }

    /// `fsync` of the directory, so a rename or removal in it survives a crash.
    static func sync(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}
