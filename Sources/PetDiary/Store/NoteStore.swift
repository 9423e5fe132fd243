import GRDB

/// The voice notes on entries and photos.
package struct NoteStore: Sendable {
    let store: DiaryStore
}

extension NoteStore {
    /// The longest title of a sound recorded for a note (a sound's title limit).
    static let noteTitleLimit = SoundStore.soundTitleLimit

    /// A column listing the notes of the `table` row in scope (`entry` or `photo`), oldest first, read by
    /// ``NoteSummary/list(_:)``: part of the row's own query, so a page of entries or photos reads its notes
    /// in the same statement, through the `note_entry`/`note_photo` index.
    static func noteListColumn(of table: String) -> String {
        """
        (SELECT group_concat(id || ' ' || durationSeconds, ',') FROM
            (SELECT note.id, sound.durationSeconds FROM note JOIN sound ON sound.id = note.soundId
                WHERE note.\(table)Id = \(table).id ORDER BY note.createdAt, note.id)) AS noteList
        """
    }

    /// Hand SQL: a note with its sound's length, the join every read of notes makes.
    static let noteSelect = """
        SELECT note.id, note.soundId, note.entryId, note.photoId, note.createdAt, sound.durationSeconds
        FROM note JOIN sound ON sound.id = note.soundId
        """

    /// The title of a sound recorded for a note on `target`: "Note on " and the entry's title, or the photo's
    /// file name (else its id), cut to the sound title limit.
    /// - Throws: ``DiaryError`` `.notFound`.
    package func title(for target: NoteTarget) async throws -> String {
        try await store.read { db in
            let subject: String
            switch target {
            case .entry(let id): subject = try EntryStore.fetchEntry(db, id).title
            case .photo(let id):
                let photo = try PhotoStore.fetchPhoto(db, id)
                subject = photo.filename ?? photo.id
            }
            return String(("Note on " + subject).prefix(Self.noteTitleLimit))
        }
    }

    /// Attaches an existing sound to an entry or a photo.
    /// - Throws: ``DiaryError`` `.notFound` for the sound, entry or photo.
    package func attach(soundId: String, to target: NoteTarget) async throws -> Note {
        try await store.write { db in
            _ = try SoundStore.fetchSound(db, soundId)
            return try Self.insertNote(db, soundId: soundId, target: target)
        }
    }

    /// Records a sound made for a note and the note on `target`, in one transaction. The sound's blob must
    /// already be published.
    /// - Throws: ``DiaryError`` `.notFound` when the entry or photo went meanwhile.
    package func insertRecorded(_ sound: Sound, on target: NoteTarget) async throws -> (Sound, Note) {
        try await store.write { db in
            try SoundStore.save(sound, forNote: true, db)
            return (sound, try Self.insertNote(db, soundId: sound.id, target: target))
        }
    }

    /// The note with `id`.
    /// - Throws: ``DiaryError`` `.notFound`.
    package func get(id: String) async throws -> Note {
        try await store.read { db in try Self.fetchNote(db, id) }
    }

    /// The notes on an entry or a photo, oldest first.
    /// - Throws: ``DiaryError`` `.notFound` for the entry or photo.
    package func list(on target: NoteTarget) async throws -> [Note] {
        try await store.read { db in
            try target.requireExists(db)
            // Hand SQL: notes joined with their sounds' lengths, as every read of notes is (noteSelect).
            return try Note.fetchAll(
                db, sql: Self.noteSelect + " WHERE note.\(target.column) = ? ORDER BY note.createdAt, note.id",
                arguments: [target.id])
        }
    }

    /// Deletes a note, and its sound when it was recorded for a note and nothing else uses it.
    /// - Returns: the blobs no longer referenced.
    /// - Throws: ``DiaryError`` `.notFound`.
    package func delete(id: String) async throws -> DeletionResult {
        try await store.write { db in
            _ = try Self.fetchNote(db, id)
            try NoteRow.deleteOne(db, key: id)
            return DeletionResult(
                unreferencedBlobs: try BlobReferenceStore.unreferenced(db, try Self.deleteUnusedNoteSounds(db)))
        }
    }

    /// Deletes the sounds recorded for notes that no note, pet or setting uses any more: the end of every
    /// delete that may take notes with it.
    /// - Returns: the sha256 of the sounds deleted, for ``unreferenced(_:_:)``.
    static func deleteUnusedNoteSounds(_ db: Database) throws -> [String] {
        // Hand SQL: three correlated NOT EXISTS over notes, pets and settings, read and then deleted as written.
        let unused = """
            FROM sound WHERE forNote = 1 AND NOT EXISTS (SELECT 1 FROM note WHERE note.soundId = sound.id)
                AND NOT EXISTS (SELECT 1 FROM pet WHERE pet.shutterSoundId = sound.id)
                AND NOT EXISTS (SELECT 1 FROM settings WHERE settings.shutterSoundId = sound.id)
            """
        let hashes = try String.fetchAll(db, sql: "SELECT sha256 " + unused)
        if !hashes.isEmpty { try db.execute(sql: "DELETE " + unused) }
        return hashes
    }

    static func insertNote(_ db: Database, soundId: String, target: NoteTarget) throws -> Note {
        try target.requireExists(db)
        var note = NoteRow(
            id: DiaryStore.newID(), soundId: soundId, entryId: nil, photoId: nil, createdAt: Timestamp.now())
        switch target {
        case .entry(let id): note.entryId = id
        case .photo(let id): note.photoId = id
        }
        try note.insert(db)
        return try fetchNote(db, note.id)
    }

    static func fetchNote(_ db: Database, _ id: String) throws -> Note {
        guard let note = try Note.fetchOne(db, sql: noteSelect + " WHERE note.id = ?", arguments: [id]) else {
            throw DiaryError.notFound("note", id)
        }
        return note
    }
}
