#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Archiving
import Hashing
import Media
import PetDiary
import ToolkitAPI

/// The state of a restore while its chain is read, archive after archive, on the restorer's thread: the
/// records by kind and id, and the files staged in the new blob store.
struct ChainReplay: @unchecked Sendable {
    // `@unchecked Sendable`: made, used and returned by the one restore thread; handed back only when done.
    let blobs: BlobStore
    /// Per kind: id → line of `data/KIND.jsonl`.
    var lines: [String: [String: [UInt8]]] = [:]
    /// SHA-256 → the staged file.
    var staged: [String: StagedBlob] = [:]
    /// The videos' browser copies: the video's SHA-256 → the copy's, staged too.
    var renditions: [String: String] = [:]

    init(blobs: BlobStore) { self.blobs = blobs }

    /// Reads the archive of `link`, checking each member against its manifest, and applies it.
    mutating func apply(_ link: BackupChain.Link, cancellation: CancellationFlag) throws {
        let input = try ArchiveInput(path: link.path, limits: ArchiveLimits())
        var expected = Dictionary(link.manifest.members.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        var changed: [String: [UInt8]] = [:]
        var first = true
        while let entry = try input.tar.nextEntry() {
            try cancellation.check()
            defer { first = false }
            guard entry.kind == .file else { continue }
            let name = EntryPath.normalized(entry.path)
            if first && name == BundleManifest.fileName { continue }
            guard let member = expected.removeValue(forKey: name) else {
                throw ArchiveError(
                    .verificationFailed, "\(link.name): \(name) is not in its manifest (or is there twice).",
                    entry: name, reason: "unexpected")
            }
            guard entry.size == member.size else {
                throw ArchiveError(
                    .verificationFailed,
                    "\(link.name): \(name) is \(entry.size) bytes; its manifest says \(member.size).",
                    entry: name, reason: "size-mismatch")
            }
            if name.hasPrefix("media/") || name.hasPrefix("sounds/") {
                try stageFile(input, buffer, member, link: link)
            } else if case .rendition(let original)? = BundleMemberRole(path: name) {
                try stageFile(input, buffer, member, link: link)
                renditions[original] = member.sha256
            } else {
                var bytes: [UInt8] = []
                var hasher = SHA256()
                while true {
                    let count = try input.tar.readData(into: buffer)
                    if count == 0 { break }
                    hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: buffer.prefix(count)))
                    bytes += buffer.prefix(count)
                }
                guard Hex.string(hasher.finalize()) == member.sha256 else { throw Self.mismatch(name, link) }
                changed[name] = bytes
            }
        }
        if let missing = expected.keys.sorted().first {
            throw ArchiveError(
                .verificationFailed, "\(link.name): \(missing) is in its manifest but not in the archive.",
                entry: missing, reason: "missing")
        }
        for kind in BackupRecords.kinds {
            for line in Self.lines(changed["data/\(kind).jsonl"] ?? []) {
                lines[kind, default: [:]][try Self.id(of: line, kind: kind, link: link)] = line
            }
        }
        for line in Self.lines(changed["data/deleted.jsonl"] ?? []) {
            let deletion = try Self.decode(Deletion.self, line, "data/deleted.jsonl", link)
            lines[deletion.kind]?[deletion.id] = nil
        }
    }

    /// Streams a photo or sound file into the blob store's temp files, checking its SHA-256.
    private mutating func stageFile(
        _ input: ArchiveInput, _ buffer: UnsafeMutableRawBufferPointer, _ member: BundleManifest.Member,
        link: BackupChain.Link
    ) throws {
        let writer = try blobs.makeWriter()
        while true {
            let count = try input.tar.readData(into: buffer)
            if count == 0 { break }
            try writer.write(UnsafeRawBufferPointer(rebasing: buffer.prefix(count)))
        }
        let blob = try writer.finish()
        guard blob.sha256 == member.sha256 else {
            blobs.discard(blob)
            throw Self.mismatch(member.path, link)
        }
        if let earlier = staged[blob.sha256] { blobs.discard(earlier) }
        staged[blob.sha256] = blob
    }

    /// The records as they stand, as the diary's models.
    func snapshot() throws -> DiarySnapshot {
        func records<Record: Decodable>(_ kind: String, _ type: Record.Type) throws -> [Record] {
            try (lines[kind] ?? [:]).values.map { try JSONDecoder().decode(Record.self, from: Data($0)) }
        }
        guard let settingsLine = lines["settings"]?[BackupRecords.settingsID],
            let wire = try? JSONDecoder().decode(SettingsRecord.self, from: Data(settingsLine)),
            let settings = DiarySettings(wire)
        else {
            throw ArchiveError(
                .verificationFailed, "The chain holds no readable settings record.", entry: "data/settings.jsonl",
                reason: "bad-record")
        }
        var snapshot = DiarySnapshot(settings: settings)
        snapshot.pets = try records("pets", PetRecord.self).map(Pet.init)
        snapshot.albums = try records("albums", AlbumRecord.self).map(Album.init)
        snapshot.photos = try records("photos", PhotoRecord.self).map(Photo.init)
        snapshot.entries = try records("entries", EntryRecord.self).map(DiaryEntry.init)
        let notes = try records("notes", BackupNoteRecord.self)
        snapshot.notes = notes.map(\.note)
        snapshot.noteSoundIds = Set(notes.filter(\.soundForNote).map(\.soundId))
        snapshot.sounds = try records("sounds", SoundRecord.self).map { wire in
            guard let sound = Sound(wire) else {
                throw ArchiveError(
                    .verificationFailed, "The sound \(wire.id) has the unknown kind '\(wire.kind)'.",
                    entry: "data/sounds.jsonl", reason: "bad-record")
            }
            return sound
        }
        return snapshot
    }

    /// One line of `data/deleted.jsonl`.
    struct Deletion: Decodable {
        var kind: String
        var id: String
    }

    struct Identified: Decodable { var id: String }

    static func id(of line: [UInt8], kind: String, link: BackupChain.Link) throws -> String {
        guard kind != "settings" else { return BackupRecords.settingsID }
        return try decode(Identified.self, line, "data/\(kind).jsonl", link).id
    }

    static func decode<T: Decodable>(_ type: T.Type, _ line: [UInt8], _ member: String, _ link: BackupChain.Link)
        throws -> T
    {
        do {
            return try JSONDecoder().decode(T.self, from: Data(line))
        } catch {
            throw ArchiveError(
                .verificationFailed, "\(link.name): a line of \(member) is not a record: \(error)", entry: member,
                reason: "bad-record")
        }
    }

    /// The non-empty lines of `bytes`.
    static func lines(_ bytes: [UInt8]) -> [[UInt8]] {
        bytes.split(separator: UInt8(ascii: "\n")).map(Array.init)
    }

    static func mismatch(_ name: String, _ link: BackupChain.Link) -> ArchiveError {
        ArchiveError(
            .verificationFailed, "\(link.name): \(name) does not match the SHA-256 of its manifest.", entry: name,
            reason: "sha256-mismatch")
    }
}
