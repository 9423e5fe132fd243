import GRDB
import Testing

@testable import PetDiary

/// The store's hand-written reads of records give what was written (the tables against the row types are
/// `TableAgreementTests`).
struct RecordMappingTests {
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
        var snapshot = DiarySnapshot(settings: try await store.settings.get())
        var changed = replaced
        changed.body = "당근을 먹었다"
        changed.tags = []
        snapshot.entries = [
            changed,
            DiaryEntry(
                stored: EntryRow(
                    id: "bundle-entry", petId: nil, title: "목욕", body: "거품 목욕 #첫목욕", date: "2024-06-01",
                    favorite: false, createdAt: "2024-06-01T10:00:00.000Z", updatedAt: "2024-06-01T10:00:00.000Z"),
                tags: ["첫목욕"], photoIds: []),
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
