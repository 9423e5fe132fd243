import Archiving
import Foundation
import PetDiary
import ToolkitAPI

/// A staged bundle's records, decoded strictly from its `data/*.jsonl` files one line at a time: each
/// line must be one record exactly as the methods return it (``PetRecord``, …). A kind whose file the
/// bundle does not have has no records.
struct JSONLinesRecords: BundleRecords {
    /// Temp files by kind (`pets`, …).
    let files: [String: String]

    func forEachSound(_ body: (Sound, BundleRecordOrigin) throws -> Void) throws {
        try forEach("sounds", SoundRecord.self) { record, origin in
            guard let sound = Sound(record) else {
                throw Self.bad(origin, "kind '\(record.kind)' is not builtin, imported or recorded")
            }
            try body(sound, origin)
        }
    }

    func forEachPet(_ body: (Pet, BundleRecordOrigin) throws -> Void) throws {
        try forEach("pets", PetRecord.self) { record, origin in
            try body(Pet(record), origin)
        }
    }

    func forEachAlbum(_ body: (Album, BundleRecordOrigin) throws -> Void) throws {
        try forEach("albums", AlbumRecord.self) { record, origin in
            try body(Album(record), origin)
        }
    }

    func forEachPhoto(_ body: (Photo, BundleRecordOrigin) throws -> Void) throws {
        try forEach("photos", PhotoRecord.self) { record, origin in
            try body(Photo(record), origin)
        }
    }

    func forEachEntry(_ body: (DiaryEntry, BundleRecordOrigin) throws -> Void) throws {
        try forEach("entries", EntryRecord.self) { record, origin in
            try body(DiaryEntry(record), origin)
        }
    }

    func forEachNote(_ body: (Note, BundleRecordOrigin) throws -> Void) throws {
        try forEach("notes", NoteRecord.self) { record, origin in
            try body(Note(record), origin)
        }
    }

    /// Decodes every settings line (they are not merged: the receiver's settings stay).
    func checkSettings() throws {
        try forEach("settings", SettingsRecord.self) { _, _ in }
    }

    private func forEach<Record: Decodable>(
        _ kind: String, _ type: Record.Type, _ body: (Record, BundleRecordOrigin) throws -> Void
    ) throws {
        guard let path = files[kind] else { return }
        let member = "data/\(kind).jsonl"
        let decoder = JSONDecoder()
        try JSONLinesFile(path: path, member: member).forEachLine { line, number in
            let origin = BundleRecordOrigin(member: member, line: number)
            let record: Record
            do {
                record = try decoder.decode(Record.self, from: Data(line))
            } catch {
                throw Self.bad(origin, "not a \(Self.noun(kind)) record (\(Self.describe(error)))")
            }
            try body(record, origin)
        }
    }

    static func bad(_ origin: BundleRecordOrigin, _ what: String) -> ArchiveError {
        ArchiveError(
            .verificationFailed,
            "\(origin.member) line \(origin.line): \(what); the bundle is damaged, so nothing was imported",
            entry: origin.member, reason: "bad-record")
    }

    private static func noun(_ kind: String) -> String {
        [
            "pets": "pet", "albums": "album", "photos": "photo", "entries": "diary entry", "sounds": "sound",
            "notes": "voice note",
        ][kind]
            ?? kind
    }

    /// A decoding error in a few words: which field was missing or of the wrong type.
    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _):
            return "'\(key.stringValue)' is missing"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            let field = context.codingPath.map(\.stringValue).joined(separator: ".")
            return field.isEmpty ? "not a JSON object" : "'\(field)' has the wrong type"
        case DecodingError.dataCorrupted(let context):
            let field = context.codingPath.map(\.stringValue).joined(separator: ".")
            return field.isEmpty ? "not valid JSON" : "'\(field)' is invalid"
        default:
            return "\(error)"
        }
    }
}
