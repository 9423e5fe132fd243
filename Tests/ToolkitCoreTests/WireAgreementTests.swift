import Foundation
import GRDB
import JSONRPC
import Sharing
import Testing
import ToolkitAPI
import ToolkitTestSupport

@testable import PetDiary
@testable import ToolkitCore

/// A table's columns against the record that carries its rows on the wire: a column is a member of the record,
/// or named here as one the store keeps to itself; a member is a column, or named here as one that follows
/// from other rows. With `TableAgreementTests` (the tables against the row types) and `WireRecordSchemaTests`
/// (the records against their schemas), adding a column takes its migration, one row property and one wire
/// property, and fails until all three are there.
///
/// Tables with no record of their own are not here: `entryTag` and `entryPhoto` travel as an entry's `tags` and
/// `photoIds`, `thumbnail` and `rendition` are the blob store's bookkeeping, reached by their `media/` URLs.
struct WireAgreementTests {
    /// A table and its record, as a sample of the domain value written through ToolkitCore's own conversion.
    struct Case: CustomTestStringConvertible, Sendable {
        var table: String
        var record: String
        /// Columns the wire never carries, and why (in the case's comment).
        var storeOnly: Set<String> = []
        /// Members that are no column: they follow from other rows or from the row's own columns.
        var derived: Set<String> = []
        var written: @Sendable () throws -> JSONValue

        var testDescription: String { "\(table) ↔ \(record)" }

        init<Record: JSONWritable & Sendable>(
            _ table: String, _ sample: @autoclosure @escaping @Sendable () -> Record, storeOnly: Set<String> = [],
            derived: Set<String> = []
        ) {
            self.table = table
            record = "\(Record.self)"
            self.storeOnly = storeOnly
            self.derived = derived
            written = {
                var writer = JSONWriter()
                sample().write(to: &writer)
                return try JSONDecoder().decode(JSONValue.self, from: Data(writer.bytes))
            }
        }
    }

    static let photoRow = PhotoRow(
        id: "ph", albumId: "a", sha256: "s", bytes: 1, mediaType: "video/mp4", width: 2, height: 1, orientation: 6,
        durationSeconds: 1, takenAt: "2024-05-01T10:00:00.000Z", importedAt: "t", filename: "f", memo: "",
        favorite: false, takenOffset: 32_400, localOffset: 32_400, takenDay: "2024-05-01", takenAtSource: "exif")

    static let cases: [Case] = [
        Case(
            Pet.databaseTableName,
            PetRecord(
                Pet(
                    id: "p", name: "N", species: nil, breed: nil, birthday: nil, notes: nil, shutterSoundId: nil,
                    createdAt: "t", updatedAt: "t"))),
        // An album's count and cover follow from its photos.
        Case(
            AlbumRow.databaseTableName,
            AlbumRecord(Album(stored: AlbumRow(id: "a", petId: nil, title: "A", createdAt: "t", updatedAt: "t"))),
            derived: ["photoCount", "coverPhotoId"]),
        // `localOffset` travels as `takenAtLocal` (the moment written at it); the displayed size and rotation
        // follow from `width`, `height` and `orientation`; `duplicate` and `notes` are an import's answer and the
        // photo's voice notes.
        Case(
            PhotoRow.databaseTableName, PhotoRecord(Photo(stored: photoRow, duplicate: true)),
            storeOnly: ["localOffset"],
            derived: ["duplicate", "notes", "displayWidth", "displayHeight", "rotation", "takenAtLocal"]),
        // `seq` is the search index's rowid; tags, photos and notes are rows of their own tables.
        Case(
            EntryRow.databaseTableName,
            EntryRecord(
                DiaryEntry(
                    stored: EntryRow(
                        id: "e", petId: nil, title: "T", body: "B", date: "2024-01-01", favorite: false,
                        createdAt: "t", updatedAt: "t"),
                    tags: [], photoIds: [])),
            storeOnly: ["seq"], derived: ["tags", "photoIds", "notes"]),
        // A note's length is its sound's.
        Case(
            NoteRow.databaseTableName,
            NoteRecord(
                Note(
                    stored: NoteRow(id: "n", soundId: "s", entryId: "e", photoId: nil, createdAt: "t"),
                    durationSeconds: 1)),
            derived: ["durationSeconds"]),
        // `forNote` marks a sound recorded for a voice note, which goes with its last note: the store's alone.
        Case(
            Sound.databaseTableName,
            SoundRecord(
                Sound(
                    id: "s", title: "S", kind: .imported, sha256: "s", bytes: 1, durationSeconds: 1, rate: 8000,
                    channels: 1, bits: 16, createdAt: "t")),
            storeOnly: ["forNote"]),
        // The one row's `id` is always 1, the cursors' signing key is secret, and `dayZone` is the zone the
        // photos' days were last cut in (the diary's zone is configuration, not a setting).
        Case(
            SettingsRow.databaseTableName,
            SettingsRecord(
                DiarySettings(
                    diaryName: "D", themeColor: "#FF9500", defaultOrder: .newest, titleLimit: 15, bodyLimit: 500)),
            storeOnly: ["id", "cursorKey", "dayZone"]),
    ]

    @Test(arguments: cases)
    func theTablesColumnsAreTheRecordsMembers(_ wire: Case) async throws {
        let directory = try TemporaryDirectory()
        let store = try DiaryStore(path: directory.appending("toolkit.sqlite"))
        let columns = try await store.read { db in try db.columns(in: wire.table).map(\.name) }
        guard case .object(let members) = try wire.written() else {
            Issue.record("\(wire.record) does not write an object")
            return
        }
        let problems = Self.problems(wire, columns: Set(columns), members: Set(members.map(\.0)))
        #expect(problems.isEmpty, "\n\(problems.joined(separator: "\n"))")
    }

    /// The check names what disagrees: a column the record lacks, a member that is no column, and a column named
    /// store-only or a member named derived that is not there.
    @Test func aTableThatDisagreesWithItsRecordIsReported() {
        let wire = Case(
            "pet", PetRecord(id: "p", name: "N", createdAt: "t", updatedAt: "t"), storeOnly: ["gone"],
            derived: ["photoCount"])
        let columns: Set = ["id", "name", "species", "breed", "birthday", "notes", "createdAt", "updatedAt", "color"]
        let members: Set = [
            "id", "name", "species", "breed", "birthday", "notes", "shutterSoundId", "createdAt", "updatedAt",
        ]
        #expect(
            Self.problems(wire, columns: columns, members: members) == [
                "table pet: column(s) [\"color\"] are no member of PetRecord (add one, or name the column store-only "
                    + "in WireAgreementTests, saying why)",
                "table pet: PetRecord writes [\"shutterSoundId\"], which are no column (add one, or name the member "
                    + "derived in WireAgreementTests, saying why)",
                "table pet: [\"gone\"] named store-only are no column",
                "table pet: [\"photoCount\"] named derived are no member of PetRecord",
            ])
    }

    static func problems(_ wire: Case, columns: Set<String>, members: Set<String>) -> [String] {
        let table = wire.table
        var problems: [String] = []
        let unsent = columns.subtracting(wire.storeOnly).subtracting(members).sorted()
        let unstored = members.subtracting(wire.derived).subtracting(columns).sorted()
        let staleStoreOnly = wire.storeOnly.subtracting(columns).sorted()
        let staleDerived = wire.derived.subtracting(members).sorted()
        if !unsent.isEmpty {
            problems.append(
                "table \(table): column(s) \(unsent) are no member of \(wire.record) (add one, or name the column "
                    + "store-only in WireAgreementTests, saying why)")
        }
        if !unstored.isEmpty {
            problems.append(
                "table \(table): \(wire.record) writes \(unstored), which are no column (add one, or name the member "
                    + "derived in WireAgreementTests, saying why)")
        }
        if !staleStoreOnly.isEmpty {
            problems.append("table \(table): \(staleStoreOnly) named store-only are no column")
        }
        if !staleDerived.isEmpty {
            problems.append("table \(table): \(staleDerived) named derived are no member of \(wire.record)")
        }
        return problems
    }
}
