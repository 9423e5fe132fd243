import GRDB
import Testing

@testable import PetDiary

/// The store's record types against the schema: one record per table, holding every column.
struct RecordMappingTests {
    /// Columns that no record holds, and why: the entry's search-index rowid (assigned by SQLite), the mark on
    /// sounds recorded for a voice note (set by the store alone), the list cursors' signing key (written once
    /// by the migration) and the time zone the photos' days were last cut in (kept by the store alone).
    static let columnsOutsideRecords: [String: Set<String>] = [
        "entry": ["seq"], "sound": ["forNote"], "settings": ["cursorKey", "dayZone"],
    ]

    /// Adding a column takes its migration and one property: a column that its record does not hold (or a
    /// property that is no column) fails here.
    @Test func everyColumnOfEveryTableIsAPropertyOfItsRecord() async throws {
        let fixture = try StoreFixture()
        let encoded: [String: [String: DatabaseValue]] = try [
            "pet": Pet.make(
                id: "p", name: "보리", species: nil, breed: nil, birthday: nil, notes: nil, shutterSoundId: nil,
                createdAt: "t", updatedAt: "t"
            ).databaseDictionary,
            "album": Album(id: "a", petId: nil, title: "A", createdAt: "t", updatedAt: "t").stored.databaseDictionary,
            "photo": Photo(
                id: "ph", albumId: "a", sha256: "s", bytes: 1, mediaType: "image/png", width: nil, height: nil,
                orientation: nil, durationSeconds: nil, takenAt: "t", importedAt: "t", filename: nil, memo: "",
                favorite: false
            ).stored.databaseDictionary,
            "entry": DiaryEntry(
                id: "e", petId: nil, title: "T", body: "B", date: "2024-01-01", favorite: false, photoIds: [],
                createdAt: "t", updatedAt: "t"
            ).stored.databaseDictionary,
            "entryTag": EntryTagRow(entryId: "e", position: 0, tag: "t", date: "d", createdAt: "t").databaseDictionary,
            "entryPhoto": EntryPhotoRow(entryId: "e", position: 0, photoId: "ph").databaseDictionary,
            "thumbnail": ThumbnailRow(sha256: "s", size: 256, thumbnailSha256: "s2").databaseDictionary,
            "rendition": RenditionRow(sha256: "s", renditionSha256: "s2", bytes: 1, createdAt: "t").databaseDictionary,
            "sound": Sound.make(
                id: "s", title: "S", kind: .imported, sha256: "s", bytes: 1, durationSeconds: 1, rate: 8000,
                channels: 1, bits: 16, createdAt: "t"
            ).databaseDictionary,
            "note": Note(
                restoring: "n", soundId: "s", entryId: "e", photoId: nil, durationSeconds: 1, createdAt: "t"
            ).stored.databaseDictionary,
            "settings": SettingsRow(settings: try await fixture.store.settings.get()).databaseDictionary,
        ]
        let tables = try await fixture.store.writer.read { db in
            try String.fetchAll(
                db,
                sql: """
                    SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
                        AND name NOT LIKE 'grdb_%' AND name NOT LIKE 'entry_fts%'
                    """)
        }
        #expect(Set(tables) == Set(encoded.keys))
        for table in tables {
            let columns = try await fixture.store.writer.read { db in try db.columns(in: table).map(\.name) }
            let stored = Set(columns).subtracting(Self.columnsOutsideRecords[table] ?? [])
            #expect(stored == Set(encoded[table]?.keys ?? [:].keys), "the \(table) table and its record")
        }
    }

    /// The hand-written positional read of a page of entries gives what was written.
    @Test func anEntryReadsBackAsWritten() async throws {
        let fixture = try StoreFixture()
        let pet = try await fixture.store.pets.create(PetFields(name: "보리"))
        let written = try await fixture.store.entries.create(
            EntryFields(title: "산책", body: "#공원 에서", date: "2024-05-01", petId: pet.id, favorite: true))
        let page = try await fixture.store.entries.list(EntryFilter(), page: PageRequest())
        #expect(page.items == [written])
        #expect(try await fixture.store.entries.get(id: written.id) == written)
    }

    /// A merge into a live diary indexes the entries it adds and re-indexes those it replaces, while the entries
    /// already there stay found.
    @Test func aMergeIntoALiveDiaryKeepsTheSearchIndexWhole() async throws {
        let fixture = try DiaryFixture()
        let store = fixture.store
        let kept = try await store.entries.create(EntryFields(title: "산책", body: "공원에서 달리기"))
        let replaced = try await store.entries.create(EntryFields(title: "간식", body: "사과를 먹었다"))
        var snapshot = DiarySnapshot(restoring: try await store.settings.get())
        var changed = replaced
        changed.body = "당근을 먹었다"
        changed.tags = []
        snapshot.entries = [
            changed,
            DiaryEntry(
                id: "bundle-entry", petId: nil, title: "목욕", body: "거품 목욕 #첫목욕", date: "2024-06-01",
                favorite: false, photoIds: [], createdAt: "2024-06-01T10:00:00.000Z",
                updatedAt: "2024-06-01T10:00:00.000Z"),
        ]
        let summary = try await fixture.diary.mergeBundle(
            SnapshotRecords(snapshot), files: [], onConflict: .replace)
        #expect(summary.added.entries == 1)
        #expect(summary.replaced.entries == 1)

        func found(_ query: String) async throws -> [String] {
            try await store.entries.search(query, filter: EntryFilter(), page: PageRequest()).items.map(\.entry.id)
        }
        #expect(try await found("거품") == ["bundle-entry"])
        #expect(try await found("당근") == [replaced.id])
        #expect(try await found("사과").isEmpty)
        #expect(try await found("달리기") == [kept.id])
        #expect(try await store.entries.get(id: "bundle-entry").tags == ["첫목욕"])
        // FTS5 checks its index against the entries: SQLITE_CORRUPT_VTAB when they disagree.
        try await store.writer.write { db in
            try db.execute(sql: "INSERT INTO entry_fts(entry_fts, rank) VALUES ('integrity-check', 1)")
        }
    }
}
