import Archiving
import ToolkitAPI

/// Which archive the next one builds on: the newest in the directory, when its SHA-256 is the one recorded
/// when it was written (see ``LatestBackup``) and its state can be read; otherwise none, with a note
/// saying why the next archive is full.
struct ParentChoice: Sendable {
    struct Parent: Sendable {
        var link: ArchiveParent
        var state: BackupState
    }

    var parent: Parent?
    var note: String?

    static func choose(in directory: String) async throws -> ParentChoice {
        guard let newest = BackupDirectory.archives(in: directory).last else { return ParentChoice() }
        let path = directory + "/" + newest.name
        guard let record = LatestBackup.read(in: directory), record.name == newest.name else {
            return ParentChoice(
                note: "The newest archive, \(newest.name), has no SHA-256 recorded when it was written here, so "
                    + "this archive is full.")
        }
        if let (size, modified) = LatestBackup.status(path), size != record.size || modified != record.modified {
            let sha256 = try await BundleExport.sha256(ofFile: path)
            guard sha256 == record.sha256 else {
                return ParentChoice(
                    note: "The newest archive, \(newest.name), does not match the SHA-256 recorded when it was "
                        + "written (it changed since), so this archive is full.")
            }
        }
        do {
            let head = try await BackupHead.read(path, state: true)
            guard let state = head.state else { return ParentChoice(note: "\(newest.name) has no state.") }
            return ParentChoice(
                parent: Parent(link: ArchiveParent(name: newest.name, sha256: record.sha256), state: state))
        } catch {
            return ParentChoice(
                note: "The newest archive, \(newest.name), cannot be read (\(error)), so this archive is full.")
        }
    }
}
