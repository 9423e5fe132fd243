#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Archiving
import Crypto
import JSONRPC
import PetDiary
import ToolkitAPI

/// The diary's records as an archive holds them: per kind, each record's line of `data/KIND.jsonl` (the JSON
/// the methods return) by id, and the digest that tells whether it changed.
struct ArchiveRecords: Sendable {
    /// The kinds, in the order their files are written and restored (a record's references come first).
    static let kinds = ["sounds", "pets", "albums", "photos", "entries", "notes", "settings"]
    /// The id the one settings record has.
    static let settingsID = "settings"

    /// Per kind: id → line (without its newline).
    var lines: [String: [String: [UInt8]]] = [:]

    init() {}

    /// The records of `snapshot`.
    init(_ snapshot: DiarySnapshot) {
        add("sounds", snapshot.sounds.map { ($0.id, SoundRecord($0) as any WireRecord) })
        add("pets", snapshot.pets.map { ($0.id, PetRecord($0) as any WireRecord) })
        add("albums", snapshot.albums.map { ($0.id, AlbumRecord($0) as any WireRecord) })
        add("photos", snapshot.photos.map { ($0.id, PhotoRecord($0) as any WireRecord) })
        add("entries", snapshot.entries.map { ($0.id, EntryRecord($0) as any WireRecord) })
        add("notes", snapshot.notes.map { ($0.id, ArchivedNote($0, snapshot) as any WireRecord) })
        add("settings", [(Self.settingsID, SettingsRecord(snapshot.settings) as any WireRecord)])
    }

    private mutating func add(_ kind: String, _ records: [(String, any WireRecord)]) {
        var byID: [String: [UInt8]] = [:]
        for (id, record) in records {
            var writer = JSONWriter()
            record.write(to: &writer)
            byID[id] = writer.bytes
        }
        lines[kind] = byID
    }

    /// Per kind: id → digest, as ``ArchiveState/records`` holds them.
    var digests: [String: [String: String]] {
        lines.mapValues { byID in byID.mapValues { Self.digest($0) } }
    }

    /// The first 32 hex digits of the SHA-256 of `line`: enough to tell a changed record.
    static func digest(_ line: [UInt8]) -> String {
        String(Hex.string(SHA256.hash(data: line)).prefix(32))
    }

    /// The photo, video and sound files the records name, by SHA-256, with each one's member name.
    func files() throws -> [String: String] {
        var files: [String: String] = [:]
        for line in (lines["photos"] ?? [:]).values {
            let photo = try JSONDecoder().decode(PhotoRecord.self, from: Data(line))
            files[photo.sha256] = "media/\(photo.sha256).\(MediaType.fileExtension(of: photo.mediaType))"
        }
        for line in (lines["sounds"] ?? [:]).values {
            let sound = try JSONDecoder().decode(SoundRecord.self, from: Data(line))
            files[sound.sha256] = files[sound.sha256] ?? "sounds/\(sound.sha256).wav"
        }
        return files
    }

    /// `data/KIND.jsonl` of the records of `kind` whose ids are in `ids` (all when nil), in id order.
    func jsonLines(_ kind: String, only ids: Set<String>? = nil) -> [UInt8] {
        var bytes: [UInt8] = []
        for (id, line) in (lines[kind] ?? [:]).sorted(by: { $0.key < $1.key }) where ids?.contains(id) ?? true {
            bytes += line
            bytes.append(UInt8(ascii: "\n"))
        }
        return bytes
    }
}
