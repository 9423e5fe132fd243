#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Archiving
import Glibc
import Media
package import PetDiary
package import ToolkitAPI

/// Makes the archives of a diary (`archive.create`, `toolkit archive`): the first in a directory full, the
/// next ones incremental.
///
/// **How changes are found.** Every archive carries `archive/state.json` (see ``BackupState``) right after
/// its manifest: each record's id with a digest of its JSON line, and the SHA-256 of every file in the chain
/// so far. An incremental archive reads the whole diary in one read transaction (records are cheap to scan),
/// compares each record's digest with the parent's state, and writes the new and changed records, the ids of
/// the deleted ones (`data/deleted.jsonl`), and only the files whose SHA-256 the chain does not hold yet. So
/// its cost in file data is the change alone: the parent's data and files are never read, only its first two
/// members; content addressing makes "is this file already archived" a set lookup. Digests rather than
/// `updatedAt` times catch every change, including the derived ones (an album's photo count) and those of
/// records with no such time (photos, sounds, settings). Restoring applies the chain from the full archive:
/// upsert by id, then delete, which gives exactly the state each archive's `state.json` describes.
///
/// **Crash safety.** The archive is written to a hidden temp name, read back in full against its manifest,
/// and only then renamed to its final name; a kill at any moment leaves no file under a final name, and the
/// next run (holding the lock) removes the leftovers.
package struct DiaryBackupWriter: Sendable {
    let diary: Diary
    /// The version written into each archive's manifest (the core's and the command's own).
    let toolkitVersion: String

    package init(diary: Diary, toolkitVersion: String) {
        self.diary = diary
        self.toolkitVersion = toolkitVersion
    }

    /// Writes the next archive of the diary into the locked directory; when nothing changed since the latest
    /// archive and `force` is false, writes none and describes that one (`unchanged` true).
    /// - Parameters:
    ///   - lock: the directory's lock, held by the caller for the whole run.
    ///   - force: write an incremental archive even when it would hold no change.
    ///   - progress: called with the file bytes done and their total, from the writer's thread.
    /// - Throws: ``ArchiveError`` when writing fails or the archive does not read back as written (then
    ///   nothing is left under its name), ``DiaryError`` when the store fails or a file is gone.
    package func create(
        holding lock: BackupLock, force: Bool = false,
        progress: @escaping @Sendable (Int64, Int64) -> Void = { _, _ in }
    ) async throws -> ArchiveCreate.Result {
        let directory = lock.directory
        BackupDirectory.removeLeftovers(in: directory)
        let base = try await ParentChoice.choose(in: directory)
        // The snapshot and the records' lines are temporaries: only the digests stay, and the lines wait in
        // spools beside the archive until it is written (see BackupRecords).
        let (plan, diaryName, spools) = try await Self.plan(
            diary: diary, parent: base.parent, spoolDirectory: directory)
        defer { withExtendedLifetime(spools) {} }
        if !force, let parent = base.parent, plan.isEmpty {
            return Self.unchanged(since: parent.link, in: directory)
        }
        let name = Self.freshName(diary: diaryName, incremental: base.parent != nil, in: directory)
        let members = try await plan.members(
            blobs: diary.blobs, parent: base.parent?.link, toolkitVersion: toolkitVersion)
        let unverified = directory + "/" + BackupDirectory.unverifiedName(of: name.name)
        let sha256: String
        do {
            sha256 = try await ArchiveWriter().write(members.all, to: unverified) { report in
                progress(report.bytesDone, report.bytesTotal ?? report.bytesDone)
            }.sha256
            let report = try await ArchiveVerifier().verify(archiveAt: unverified)
            guard report.isIntact, report.manifest?.members == members.manifest.members else {
                let problem = report.problems.first
                throw ArchiveError(
                    .verificationFailed,
                    "The archive did not read back as written (\(problem?.message ?? "its manifest differs")); "
                        + "nothing was kept. Check the disk and run again.",
                    entry: problem?.entry, reason: problem?.reason ?? "readback")
            }
        } catch {
            unlink(unverified)
            throw Self.missingFile(error, members: members.all) ?? error
        }
        let final = directory + "/" + name.name
        guard rename(unverified, final) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(unverified)
            throw ArchiveError(.io, "Cannot rename the verified archive to \(final): \(reason).")
        }
        BackupDirectory.sync(directory)
        try LatestBackup.of(name.name, sha256: sha256, in: directory)?.write(in: directory)
        let size = LatestBackup.status(final)?.0 ?? 0
        return ArchiveCreate.Result(
            path: final, name: name.name, size: size, sha256: sha256, kind: base.parent == nil ? "full" : "incremental",
            previous: base.parent?.link, counts: plan.counts, note: base.note)
    }

    /// The result that describes the latest archive, `parent`, when nothing changed since it.
    static func unchanged(since parent: ArchiveParent, in directory: String) -> ArchiveCreate.Result {
        let path = directory + "/" + parent.name
        return ArchiveCreate.Result(
            path: path, name: parent.name, size: LatestBackup.status(path)?.0 ?? 0, sha256: parent.sha256,
            kind: parent.name.hasSuffix("-full.tar.zst") ? "full" : "incremental", previous: nil,
            counts: ArchiveCounts([:]), note: nil, unchanged: true)
    }

    /// The plan of the next archive from a snapshot of the whole diary, read and dropped here; the diary's name;
    /// the spools holding the plan's `data/*.jsonl`.
    static func plan(
        diary: Diary, parent: ParentChoice.Parent?, spoolDirectory: String
    ) async throws -> (BackupPlan, String, [SpooledLines]) {
        let snapshot = try await diary.store.snapshot(DiarySelection())
        var records = try BackupRecords(
            snapshot, parent: parent?.state.records ?? [:], spoolDirectory: spoolDirectory)
        // Copies whose file is gone (collected since) are left out: they are made again when asked for.
        let copies = try await diary.store.blobReferences.renditions().filter {
            (try? diary.blobs.contains($0.value)) == true
        }
        records.addRenditions(copies, of: snapshot)
        return (BackupPlan(records: records, parent: parent), snapshot.settings.diaryName, records.spools)
    }

    /// A name for a new archive made now, later than every archive in `directory` (a clock set back, or two
    /// archives within one millisecond, move it on by a millisecond).
    static func freshName(diary: String, incremental: Bool, in directory: String) -> BackupFileName {
        let now = Date().timeIntervalSince1970
        var milliseconds = Int64(now * 1000)
        if let newest = BackupDirectory.archives(in: directory).last {
            milliseconds = max(milliseconds, newest.time * 1000 + Int64(newest.milliseconds) + 1)
        }
        return BackupFileName.make(
            diary: diary, time: milliseconds / 1000, milliseconds: Int(milliseconds % 1000), incremental: incremental)
    }

    /// The error for a photo or sound deleted (and its file collected) while the archive was written.
    static func missingFile(_ error: any Error, members: [ArchiveMember]) -> (any Error)? {
        guard let error = error as? ArchiveError, error.code == .io else { return nil }
        for member in members {
            guard case .file(let source) = member.source, access(source, F_OK) != 0 else { continue }
            return BundleExport.missing(member.name)
        }
        return nil
    }
}
