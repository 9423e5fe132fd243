import Archiving
import Glibc
package import ToolkitAPI

/// `archive.prune`: applies an ``BackupRetention`` to the archives of a locked directory.
package enum BackupPruner {
    /// Removes (unless `dryRun`) the archives `retention` does not keep.
    /// - Throws: ``ArchiveError`` (-32007) when an archive's manifest cannot be read (then nothing is
    ///   removed: its chain is unknown), `.io` when a file cannot be removed.
    package static func prune(
        holding lock: BackupLock, retention: BackupRetention, dryRun: Bool
    ) async throws -> ArchivePrune.Result {
        let directory = lock.directory
        var candidates: [BackupRetention.Candidate] = []
        for file in BackupDirectory.archives(in: directory) {
            let manifest = try await BackupHead.read(directory + "/" + file.name, state: false).manifest
            candidates.append(.init(name: file.name, time: file.time, previous: manifest.parent?.name))
        }
        let decision = retention.apply(to: candidates)
        if !dryRun {
            for name in decision.removed where unlink(directory + "/" + name) != 0 && errno != ENOENT {
                throw ArchiveError(
                    .io, "Cannot remove \(directory)/\(name): \(String(cString: strerror(errno))).", entry: name)
            }
            BackupDirectory.sync(directory)
        }
        return ArchivePrune.Result(
            kept: decision.kept.map { .init(name: $0.name, path: directory + "/" + $0.name, reasons: $0.reasons) },
            removed: decision.removed.map { .init(name: $0, path: directory + "/" + $0) }, dryRun: dryRun)
    }
}
