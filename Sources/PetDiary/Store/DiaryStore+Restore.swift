import GRDB

extension DiaryStore {
    /// Fills an empty diary with `snapshot`'s records, ids and times as they are, in one transaction: what
    /// an archive restore ends with. Voice notes come back with the `forNote` flag of their sounds. Derived
    /// data (album counts and covers, the search index) follows from the rows; thumbnails are made again on
    /// demand.
    /// - Throws: ``DiaryError`` `.conflict` when the diary already holds records or the snapshot's records
    ///   do not agree with each other (a photo of a missing album), `.storage` when SQLite fails.
    package func restore(_ snapshot: DiarySnapshot) async throws {
        try await write { db in
            guard try Pet.fetchCount(db) + AlbumRow.fetchCount(db) == 0 else {
                throw DiaryError(.conflict, "The diary to restore into already holds records; restore into a new one.")
            }
            try Sound.deleteAll(db)
            for sound in snapshot.sounds { try sound.insert(db) }
            for pet in snapshot.pets { try pet.insert(db) }
            for album in snapshot.albums { try album.stored.insert(db) }
            for photo in snapshot.photos { try photo.stored.insert(db) }
            try PhotoDays.cut(db, in: timeZone)
            try Self.withSearchIndexFilledAfter(db) {
                for entry in snapshot.entries { try EntryStore.insert(entry, db) }
            }
            for note in snapshot.notes { try note.stored.insert(db) }
            for id in snapshot.noteSoundIds.sorted() {
                try Sound.filter(key: id).updateAll(db, Sound.Columns.forNote.set(to: true))
            }
            try SettingsRow(settings: snapshot.settings).update(db)
        }
    }

    /// Runs `insert` with the search index's insert trigger set aside, then indexes the entries it added in one
    /// statement; a failure rolls the trigger back with everything else. Through the trigger, FTS5 writes a new
    /// segment at every statement and keeps merging them: about 20 writes per entry, 8 in 9 of a restore's.
    /// Only for inserts: an entry that `insert` updates or deletes must already be indexed (its triggers stay).
    static func withSearchIndexFilledAfter(_ db: Database, _ insert: () throws -> Void) throws {
        // Hand SQL: the schema and the full-text index, which have no row types.
        let trigger = "entry_fts_insert"
        let definition = try String.fetchOne(
            db, sql: "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?", arguments: [trigger])
        guard let definition else { return try insert() }
        let lastIndexed = try EntryRow.select(max(EntryRow.Columns.seq), as: Int64.self).fetchOne(db) ?? 0
        try db.execute(sql: "DROP TRIGGER \(trigger)")
        try insert()
        try db.execute(sql: definition)
        try db.execute(
            sql: "INSERT INTO entry_fts(rowid, title, body) SELECT seq, title, body FROM entry WHERE seq > ?",
            arguments: [lastIndexed])
    }
}
