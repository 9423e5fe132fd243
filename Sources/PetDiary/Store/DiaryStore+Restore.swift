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
            let existing = try Int.fetchOne(db, sql: "SELECT (SELECT COUNT(*) FROM pet) + (SELECT COUNT(*) FROM album)")
            guard existing == 0 else {
                throw DiaryError(.conflict, "The diary to restore into already holds records; restore into a new one.")
            }
            try db.execute(sql: "DELETE FROM sound")
            for sound in snapshot.sounds {
                try db.execute(
                    sql: """
                        INSERT INTO sound (id, title, kind, sha256, bytes, durationSeconds, rate, channels, bits,
                            createdAt)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        sound.id, sound.title, sound.kind.rawValue, sound.sha256, sound.bytes, sound.durationSeconds,
                        sound.rate, sound.channels, sound.bits, sound.createdAt,
                    ])
            }
            for pet in snapshot.pets {
                try db.execute(
                    sql: """
                        INSERT INTO pet (id, name, species, breed, birthday, notes, shutterSoundId, createdAt,
                            updatedAt)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        pet.id, pet.name, pet.species, pet.breed, pet.birthday, pet.notes, pet.shutterSoundId,
                        pet.createdAt, pet.updatedAt,
                    ])
            }
            for album in snapshot.albums {
                try db.execute(
                    sql: "INSERT INTO album (id, petId, title, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?)",
                    arguments: [album.id, album.petId, album.title, album.createdAt, album.updatedAt])
            }
            for photo in snapshot.photos {
                try db.execute(
                    sql: """
                        INSERT INTO photo (id, albumId, sha256, bytes, mediaType, width, height, orientation,
                            durationSeconds, takenAt, importedAt, filename, memo, favorite)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        photo.id, photo.albumId, photo.sha256, photo.bytes, photo.mediaType, photo.width,
                        photo.height, photo.orientation, photo.durationSeconds, photo.takenAt, photo.importedAt,
                        photo.filename, photo.memo, photo.favorite,
                    ])
            }
            try Self.withSearchIndexBuiltAfter(db) {
                for entry in snapshot.entries {
                    try db.execute(
                        sql: """
                            INSERT INTO entry (id, petId, title, body, date, favorite, createdAt, updatedAt)
                            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                            """,
                        arguments: [
                            entry.id, entry.petId, entry.title, entry.body, entry.date, entry.favorite,
                            entry.createdAt, entry.updatedAt,
                        ])
                    try Self.saveRestoredRelations(of: entry, db)
                }
            }
            for note in snapshot.notes {
                try db.execute(
                    sql: "INSERT INTO note (id, soundId, entryId, photoId, createdAt) VALUES (?, ?, ?, ?, ?)",
                    arguments: [note.id, note.soundId, note.entryId, note.photoId, note.createdAt])
            }
            for id in snapshot.noteSoundIds.sorted() {
                try db.execute(sql: "UPDATE sound SET forNote = 1 WHERE id = ?", arguments: [id])
            }
            let settings = snapshot.settings
            try db.execute(
                sql: """
                    UPDATE settings SET diaryName = ?, themeColor = ?, defaultOrder = ?, titleLimit = ?, bodyLimit = ?,
                        shutterSoundId = ?, soundDevice = ?, captureDevice = ? WHERE id = 1
                    """,
                arguments: [
                    settings.diaryName, settings.themeColor, settings.defaultOrder.rawValue, settings.titleLimit,
                    settings.bodyLimit, settings.shutterSoundId, settings.soundDevice, settings.captureDevice,
                ])
        }
    }

    /// Runs `insert` with the search index's insert trigger set aside, then builds the index from the entries in
    /// one pass; a failure rolls the trigger back with everything else. Through the trigger, FTS5 writes a new
    /// segment at every statement and keeps merging them: about 20 writes per entry, 8 in 9 of a restore's.
    private static func withSearchIndexBuiltAfter(_ db: Database, _ insert: () throws -> Void) throws {
        let trigger = "entry_fts_insert"
        let definition = try String.fetchOne(
            db, sql: "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?", arguments: [trigger])
        guard let definition else { return try insert() }
        try db.execute(sql: "DROP TRIGGER \(trigger)")
        try insert()
        try db.execute(sql: definition)
        try db.execute(sql: "INSERT INTO entry_fts(entry_fts) VALUES ('rebuild')")
    }

    /// An entry's tags and photos, in their order.
    private static func saveRestoredRelations(of entry: DiaryEntry, _ db: Database) throws {
        for (position, tag) in entry.tags.enumerated() {
            try db.execute(
                sql: "INSERT INTO entryTag (entryId, position, tag, date, createdAt) VALUES (?, ?, ?, ?, ?)",
                arguments: [entry.id, position, tag, entry.date, entry.createdAt])
        }
        for (position, photoId) in entry.photoIds.enumerated() {
            try db.execute(
                sql: "INSERT INTO entryPhoto (entryId, position, photoId) VALUES (?, ?, ?)",
                arguments: [entry.id, position, photoId])
        }
    }
}
