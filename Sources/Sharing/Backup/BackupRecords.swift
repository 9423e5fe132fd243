#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Archiving
import Hashing
import JSONRPC
import Media
import PetDiary
import ToolkitAPI

/// The diary's records as an archive holds them, made in one pass over a snapshot: per kind, each record's
/// digest by id (what `archive/state.json` keeps, and what tells whether it changed), and `data/KIND.jsonl`, the
/// lines (the JSON the methods return) of the records that changed since the parent, all of them in a full
/// archive, in id order. The lines are written as they are made, to a nameless temp file beside the archive
/// (``SpooledLines``) where the file system has `O_TMPFILE`, so only the digests stay in memory: the core's peak
/// during `archive.create` does not grow with the records' JSON (Benchmarks/notes/2026-11-29-why.md, bundles and
/// archives).
///
/// Not `Sendable`: its spools belong to one archive run, and must live until the archive is written.
struct BackupRecords {
    /// The kinds, in the order their files are written and restored (a record's references come first).
    static let kinds = ["sounds", "pets", "albums", "photos", "entries", "notes", "settings"]
    /// The id the one settings record has.
    static let settingsID = "settings"

    /// Per kind: id → digest, as ``BackupState/records`` holds them.
    private(set) var digests: [String: [String: String]] = [:]
    /// Per kind: the ids of the records whose lines are in ``data`` (new or changed since the parent).
    private(set) var changed: [String: Set<String>] = [:]
    /// Per kind: the bytes of `data/KIND.jsonl`, or the spool holding them.
    private(set) var data: [String: ArchiveMember.Source] = [:]
    /// The photo, video and sound files the records name, and the videos' browser copies, by SHA-256, with
    /// each one's member name.
    private(set) var files: [String: String] = [:]
    /// The spools behind ``data``.
    private(set) var spools: [SpooledLines] = []

    /// The records of `snapshot`, compared with `parent` (per kind: id → digest; empty for a full archive).
    /// - Parameter spoolDirectory: where the lines are spooled; `nil`, or a file system without `O_TMPFILE`,
    ///   keeps them in memory.
    /// - Throws: `ArchiveError.io` when the disk refuses the spool.
    init(_ snapshot: DiarySnapshot, parent: [String: [String: String]], spoolDirectory: String?) throws {
        let spooling = (parent: parent, directory: spoolDirectory)
        try add("sounds", snapshot.sounds, id: \.id, spooling) { SoundRecord($0) }
        try add("pets", snapshot.pets, id: \.id, spooling) { PetRecord($0) }
        try add("albums", snapshot.albums, id: \.id, spooling) { AlbumRecord($0) }
        try add("photos", snapshot.photos, id: \.id, spooling) { PhotoRecord($0) }
        try add("entries", snapshot.entries, id: \.id, spooling) { EntryRecord($0) }
        try add("notes", snapshot.notes, id: \.id, spooling) { BackupNoteRecord($0, snapshot) }
        try add("settings", [snapshot.settings], id: { _ in Self.settingsID }, spooling, as: { SettingsRecord($0) })
        for photo in snapshot.photos {
            files[photo.sha256] = "media/\(photo.sha256).\(MediaType.fileExtension(of: photo.mediaType))"
        }
        for sound in snapshot.sounds {
            files[sound.sha256] = files[sound.sha256] ?? "sounds/\(sound.sha256).wav"
        }
    }

    /// Adds the browser copies of the snapshot's videos (`copies`: the video's blob → the copy's) as
    /// `renditions/<video's sha256>.mp4`; bytes already named as a photo's keep that name.
    mutating func addRenditions(_ copies: [String: String], of snapshot: DiarySnapshot) {
        for photo in snapshot.photos where MediaType.isVideo(photo.mediaType) {
            guard let copy = copies[photo.sha256] else { continue }
            files[copy] = files[copy] ?? "renditions/\(photo.sha256).mp4"
        }
    }

    /// Adds the records of one kind: their digests, and the lines of those whose digest is not the parent's.
    private mutating func add<Model>(
        _ kind: String, _ models: [Model], id: (Model) -> String,
        _ spooling: (parent: [String: [String: String]], directory: String?), as record: (Model) -> any WireRecord
    ) throws {
        let before = spooling.parent[kind] ?? [:]
        let spool = spooling.directory.flatMap { SpooledLines(in: $0) }
        var byID: [String: String] = [:]
        var written: Set<String> = []
        var bytes: [UInt8] = []
        for model in models.sorted(by: { id($0) < id($1) }) {
            var writer = JSONWriter()
            record(model).write(to: &writer)
            let key = id(model)
            let digest = Self.digest(writer.bytes)
            byID[key] = digest
            guard before[key] != digest else { continue }
            written.insert(key)
            if let spool {
                try spool.append(line: writer.bytes)
            } else {
                bytes += writer.bytes
                bytes.append(UInt8(ascii: "\n"))
            }
        }
        digests[kind] = byID
        changed[kind] = written
        if let spool {
            try spool.flush()
            spools.append(spool)
            data[kind] = .file(path: spool.path)
        } else {
            data[kind] = .bytes(bytes)
        }
    }

    /// The first 32 hex digits of the SHA-256 of `line`: enough to tell a changed record.
    static func digest(_ line: [UInt8]) -> String {
        String(Hex.string(SHA256.hash(data: line)).prefix(32))
    }
}
