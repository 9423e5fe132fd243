#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Archiving
import Glibc
import Media
import PetDiary
import ToolkitAPI

/// What one archive holds, worked out from the diary's records and the parent's state (none: a full archive):
/// the records to write per kind, the deleted ids, the files the chain lacks, and the new state.
struct BackupPlan: Sendable {
    /// Per kind, the ids of the records to write.
    var changed: [String: Set<String>] = [:]
    /// Per kind, `data/KIND.jsonl`: the lines of those records (see ``BackupRecords``).
    var data: [String: ArchiveMember.Source] = [:]
    /// `{"kind", "id"}` of each record deleted since the parent, sorted.
    var deleted: [(kind: String, id: String)] = []
    /// SHA-256 → member name of each file to write.
    var files: [(sha256: String, name: String)] = []
    /// The state after this archive.
    var state: BackupState

    /// The plan for `records`, which were compared with `parent`'s state when they were made.
    init(records: BackupRecords, parent: ParentChoice.Parent?) {
        let digests = records.digests
        let previous = parent?.state.records ?? [:]
        changed = records.changed
        data = records.data
        for kind in BackupRecords.kinds {
            let now = digests[kind] ?? [:]
            deleted += (previous[kind] ?? [:]).keys.filter { now[$0] == nil }.sorted().map { (kind, $0) }
        }
        let held = Set(parent?.state.blobs ?? [])
        let all = records.files
        files = all.filter { !held.contains($0.key) }.map { ($0.key, $0.value) }.sorted { $0.name < $1.name }
        state = BackupState(records: digests, blobs: held.union(all.keys).sorted())
    }

    /// Whether there is nothing to archive: no record new, changed or deleted, no file new since the parent.
    var isEmpty: Bool { changed.values.allSatisfy(\.isEmpty) && deleted.isEmpty && files.isEmpty }

    /// The counts of what this archive holds.
    var counts: ArchiveCounts {
        ArchiveCounts(
            pets: changed["pets"]?.count ?? 0, albums: changed["albums"]?.count ?? 0,
            photos: changed["photos"]?.count ?? 0, entries: changed["entries"]?.count ?? 0,
            sounds: changed["sounds"]?.count ?? 0, notes: changed["notes"]?.count ?? 0, deleted: deleted.count,
            files: files.count)
    }

    /// The members to write, `manifest.json` and `archive/state.json` first, and the manifest.
    struct Members: Sendable {
        var all: [ArchiveMember]
        var manifest: BackupManifest
    }

    /// The members of this archive, the files taken from `blobs`.
    /// - Throws: ``DiaryError`` `.conflict` when a file is missing from the store.
    func members(blobs: BlobStore, parent: ArchiveParent?, toolkitVersion: String) async throws -> Members {
        let now = Int64(Date().timeIntervalSince1970)
        func bytes(_ name: String, _ content: [UInt8]) -> ArchiveMember {
            ArchiveMember(name: name, source: .bytes(content), mode: 0o644, modificationTime: now)
        }
        var dataMembers = [bytes(BackupState.memberName, try state.encoded())]
        for kind in BackupRecords.kinds {
            dataMembers.append(
                ArchiveMember(
                    name: "data/\(kind).jsonl", source: data[kind] ?? .bytes([]), mode: 0o644, modificationTime: now))
        }
        var deletions: [UInt8] = []
        for (kind, id) in deleted {
            deletions += Array("{\"kind\":\"\(kind)\",\"id\":\(Self.quoted(id))}\n".utf8)
        }
        dataMembers.append(bytes("data/deleted.jsonl", deletions))
        var listed = try await BundleManifest.records(hashing: dataMembers)
        var fileMembers: [ArchiveMember] = []
        for file in files {
            let path = try blobs.path(of: file.sha256)
            var info = stat()
            guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
                throw BundleExport.missing(file.name)
            }
            listed.append(BundleManifest.Member(path: file.name, size: Int64(info.st_size), sha256: file.sha256))
            fileMembers.append(
                ArchiveMember(name: file.name, source: .file(path: path), mode: 0o644, expectedSHA256: file.sha256))
        }
        let manifest = BackupManifest(
            createdAt: Date().formatted(.iso8601), toolkitVersion: toolkitVersion,
            counts: counts.dictionary, previous: parent?.name, previousSha256: parent?.sha256,
            incremental: parent != nil, members: listed)
        let head = bytes(BundleManifest.fileName, try manifest.encoded())
        return Members(all: [head] + dataMembers + fileMembers, manifest: manifest)
    }

    /// `text` as a JSON string.
    static func quoted(_ text: String) -> String {
        let data = (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
