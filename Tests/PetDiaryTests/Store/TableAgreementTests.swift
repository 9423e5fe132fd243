import GRDB
import Testing

@testable import PetDiary

/// Each table's shape in one place: the columns its migrations make are the keys its Swift row type writes, so
/// adding a column takes its migration and one property, and this fails, naming both, until they agree.
struct TableAgreementTests {
    /// Tables no row type maps, by name, and why: GRDB's record of the migrations run, and the full-text index
    /// (`entry_fts`, an FTS5 virtual table over `entry` kept in step by triggers) with the shadow tables FTS5
    /// keeps its index in. Names starting `sqlite_` are SQLite's own (no schema can make one) and are left out
    /// when the tables are read.
    static let tablesWithoutRows: Set<String> = [
        "grdb_migrations", "entry_fts", "entry_fts_data", "entry_fts_idx", "entry_fts_docsize", "entry_fts_config",
    ]

    /// Columns no row type holds, and why: the entry's search-index rowid (assigned by SQLite), the mark on
    /// sounds recorded for a voice note (set by the store alone), the list cursors' signing key (written once
    /// by the migration) and the time zone the photos' days were last cut in (kept by the store alone).
    static let columnsOutsideRows: [String: Set<String>] = [
        "entry": ["seq"], "sound": ["forNote"], "settings": ["cursorKey", "dayZone"],
    ]

    /// A row type as the check sees it: its table, its name, and the keys a sample of it writes.
    struct RowShape {
        var table: String
        var type: String
        var keys: Set<String>

        /// The keys of `sample` as GRDB writes them (its `PersistenceContainer`: every property, a nil one as
        /// NULL).
        init<Record: EncodableRecord & TableRecord>(_ sample: Record) throws {
            table = Record.databaseTableName
            type = "\(Record.self)"
            keys = Set(try sample.databaseDictionary.keys)
        }
    }

    /// One sample of every row type the store writes.
    static func rows(settings: DiarySettings) throws -> [RowShape] {
        try [
            RowShape(
                Pet(
                    id: "p", name: "보리", species: nil, breed: nil, birthday: nil, notes: nil, shutterSoundId: nil,
                    createdAt: "t", updatedAt: "t")),
            RowShape(AlbumRow(id: "a", petId: nil, title: "A", createdAt: "t", updatedAt: "t")),
            RowShape(
                PhotoRow(
                    id: "ph", albumId: "a", sha256: "s", bytes: 1, mediaType: "image/png", width: nil, height: nil,
                    orientation: nil, durationSeconds: nil, takenAt: "t", importedAt: "t", filename: nil, memo: "",
                    favorite: false)),
            RowShape(
                EntryRow(
                    id: "e", petId: nil, title: "T", body: "B", date: "2024-01-01", favorite: false, createdAt: "t",
                    updatedAt: "t")),
            RowShape(EntryTagRow(entryId: "e", position: 0, tag: "t", date: "d", createdAt: "t")),
            RowShape(EntryPhotoRow(entryId: "e", position: 0, photoId: "ph")),
            RowShape(ThumbnailRow(sha256: "s", size: 256, thumbnailSha256: "s2")),
            RowShape(RenditionRow(sha256: "s", renditionSha256: "s2", bytes: 1, createdAt: "t")),
            RowShape(
                Sound(
                    id: "s", title: "S", kind: .imported, sha256: "s", bytes: 1, durationSeconds: 1, rate: 8000,
                    channels: 1, bits: 16, createdAt: "t")),
            RowShape(NoteRow(id: "n", soundId: "s", entryId: "e", photoId: nil, createdAt: "t")),
            RowShape(SettingsRow(settings: settings)),
        ]
    }

    /// Every table's columns as SQLite reports them (`PRAGMA table_info`), but for SQLite's own and
    /// ``tablesWithoutRows``.
    static func columns(_ db: Database) throws -> [String: [String]] {
        let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
            .filter { !$0.hasPrefix("sqlite_") && !tablesWithoutRows.contains($0) }
        return try Dictionary(uniqueKeysWithValues: tables.map { ($0, try db.columns(in: $0).map(\.name)) })
    }

    /// Where `columns` (by table) and `rows` disagree, one sentence each naming the table, the type and the
    /// names.
    static func problems(columns: [String: [String]], rows: [RowShape]) -> [String] {
        var problems: [String] = []
        let rowByTable = Dictionary(rows.map { ($0.table, $0) }, uniquingKeysWith: { first, _ in first })
        for (table, names) in columns.sorted(by: { $0.key < $1.key }) {
            guard let row = rowByTable[table] else {
                problems.append(
                    "table \(table): no row type maps it; add a sample to TableAgreementTests.rows (or name the table "
                        + "in tablesWithoutRows, saying why)")
                continue
            }
            let outside = columnsOutsideRows[table] ?? []
            let stored = Set(names).subtracting(outside)
            let missing = stored.subtracting(row.keys).sorted()
            let extra = row.keys.subtracting(stored).sorted()
            let stale = outside.subtracting(names).sorted()
            if !missing.isEmpty {
                problems.append("table \(table): column(s) \(missing) are no property of \(row.type)")
            }
            if !extra.isEmpty {
                problems.append("table \(table): \(row.type) writes \(extra), which are no column of the table")
            }
            if !stale.isEmpty {
                problems.append("table \(table): columnsOutsideRows names \(stale), which are no column of the table")
            }
        }
        for row in rows where columns[row.table] == nil {
            problems.append("\(row.type): its table \(row.table) is not in the migrated database")
        }
        return problems
    }

    /// Adding a column takes its migration and one property: a column that its row type does not hold (or a
    /// property that is no column) fails here, named.
    @Test func everyTableHasExactlyTheColumnsOfItsRowType() async throws {
        let fixture = try StoreFixture()
        let columns = try await fixture.store.read { db in try Self.columns(db) }
        let rows = try Self.rows(settings: try await fixture.store.settings.get())
        let problems = Self.problems(columns: columns, rows: rows)
        #expect(problems.isEmpty, "\n\(problems.joined(separator: "\n"))")
        #expect(columns.count == rows.count, "\(columns.keys.sorted()) against \(rows.map(\.table).sorted())")
    }

    /// The columns the store's queries name through a row type's `Columns` are columns of its table.
    @Test func theColumnsTheQueriesNameExist() async throws {
        let fixture = try StoreFixture()
        typealias Photo = PhotoRow.Columns
        let named: [(table: String, columns: [Column])] = [
            (
                Pet.databaseTableName,
                [
                    Pet.Columns.id, Pet.Columns.name, Pet.Columns.shutterSoundId, Pet.Columns.createdAt,
                    Pet.Columns.updatedAt,
                ]
            ),
            (
                AlbumRow.databaseTableName,
                [AlbumRow.Columns.id, AlbumRow.Columns.petId, AlbumRow.Columns.title, AlbumRow.Columns.updatedAt]
            ),
            (
                PhotoRow.databaseTableName,
                [
                    Photo.albumId, Photo.sha256, Photo.mediaType, Photo.width, Photo.height, Photo.orientation,
                    Photo.durationSeconds, Photo.videoCodec, Photo.audioCodec, Photo.frameRate, Photo.takenDay,
                ]
            ),
            (EntryRow.databaseTableName, [EntryRow.Columns.id, EntryRow.Columns.petId, EntryRow.Columns.seq]),
            (EntryTagRow.databaseTableName, [EntryTagRow.Columns.entryId, EntryTagRow.Columns.tag]),
            (EntryPhotoRow.databaseTableName, [EntryPhotoRow.Columns.entryId]),
            (NoteRow.databaseTableName, [NoteRow.Columns.soundId]),
            (
                Sound.databaseTableName,
                [
                    Sound.Columns.id, Sound.Columns.title, Sound.Columns.kind, Sound.Columns.sha256,
                    Sound.Columns.createdAt, Sound.Columns.forNote,
                ]
            ),
            (
                ThumbnailRow.databaseTableName,
                [ThumbnailRow.Columns.sha256, ThumbnailRow.Columns.size, ThumbnailRow.Columns.thumbnailSha256]
            ),
            (RenditionRow.databaseTableName, [RenditionRow.Columns.sha256, RenditionRow.Columns.renditionSha256]),
            (
                SettingsRow.databaseTableName,
                [
                    SettingsRow.Columns.id, SettingsRow.Columns.shutterSoundId, SettingsRow.Columns.cursorKey,
                    SettingsRow.Columns.dayZone,
                ]
            ),
        ]
        let columns = try await fixture.store.read { db in try Self.columns(db) }
        for (table, names) in named {
            let unknown = Set(names.map(\.name)).subtracting(columns[table] ?? []).sorted()
            #expect(unknown.isEmpty, "table \(table): the queries name \(unknown), which are no column of it")
        }
    }

    /// The check finds what it is there to find: a column its row type lacks, a property that is no column, a
    /// table no row type maps, and a row type whose table is gone.
    @Test func aTableThatDisagreesIsReported() throws {
        let pet = try RowShape(
            Pet(
                id: "p", name: "N", species: nil, breed: nil, birthday: nil, notes: nil, shutterSoundId: nil,
                createdAt: "t", updatedAt: "t"))
        let album = try RowShape(AlbumRow(id: "a", petId: nil, title: "A", createdAt: "t", updatedAt: "t"))
        let columns = [
            "pet": ["id", "name", "species", "breed", "birthday", "shutterSoundId", "createdAt", "updatedAt", "color"],
            "stray": ["id"],
        ]
        let problems = Self.problems(columns: columns, rows: [pet, album])
        #expect(
            problems == [
                "table pet: column(s) [\"color\"] are no property of Pet",
                "table pet: Pet writes [\"notes\"], which are no column of the table",
                "table stray: no row type maps it; add a sample to TableAgreementTests.rows (or name the table in "
                    + "tablesWithoutRows, saying why)",
                "AlbumRow: its table album is not in the migrated database",
            ])
    }
}
