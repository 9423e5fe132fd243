import GRDB

/// What a share bundle holds: one pet, one album, a time span, or everything.
package struct DiarySelection: Sendable, Hashable {
    /// Only this pet: its albums, their photos, its entries and its shutter sound.
    package var petId: String?
    /// Only this album: its photos, the entries that show them, and its pet.
    package var albumId: String?
    /// Photos taken and entries dated from this day or RFC 3339 time on.
    package var from: String?
    /// Photos taken and entries dated up to this day (all of it) or RFC 3339 time.
    package var to: String?

    package init(petId: String? = nil, albumId: String? = nil, from: String? = nil, to: String? = nil) {
        self.petId = petId
        self.albumId = albumId
        self.from = from
        self.to = to
    }
}

/// The records of a selection, read at one point in time.
package struct DiarySnapshot: Sendable, Hashable {
    package var pets: [Pet] = []
    package var albums: [Album] = []
    package var photos: [Photo] = []
    package var entries: [DiaryEntry] = []
    package var sounds: [Sound] = []
    /// The voice notes of the snapshot's entries and photos.
    package var notes: [Note] = []
    /// The ids of the sounds recorded for a note (the `forNote` flag): they go with their last note.
    package var noteSoundIds: Set<String> = []
    package var settings: DiarySettings

    /// A snapshot holding these records: one to fill (with `settings` alone), as a restore from an archive does.
    package init(
        pets: [Pet] = [], albums: [Album] = [], photos: [Photo] = [], entries: [DiaryEntry] = [],
        sounds: [Sound] = [], notes: [Note] = [], noteSoundIds: Set<String> = [], settings: DiarySettings
    ) {
        self.pets = pets
        self.albums = albums
        self.photos = photos
        self.entries = entries
        self.sounds = sounds
        self.notes = notes
        self.noteSoundIds = noteSoundIds
        self.settings = settings
    }
}

extension DiaryStore {
    /// The records of `selection`, all read in one read transaction, so they agree with each other even
    /// while the diary changes. Each kind is ordered oldest first.
    ///
    /// Besides the selected albums' photos, the photos that the selected entries show are included (with
    /// their album's record), so every id a record names is in the snapshot. Notes are those of the selected
    /// entries and photos. Sounds are the selected pets' shutter sounds, the settings' one and the notes'
    /// sounds; with no pet or album selected, every sound.
    /// - Throws: ``DiaryError`` `.notFound` for an unknown pet or album, `.invalid` for bad bounds.
    package func snapshot(_ selection: DiarySelection) async throws -> DiarySnapshot {
        try await read { db in
            var snapshot = DiarySnapshot(settings: try SettingsStore.settings(db))
            var petId = selection.petId
            if let id = petId { try Self.requireExists(db, Pet.self, id) }
            if let albumId = selection.albumId {
                let album = try AlbumStore.fetchAlbum(db, albumId)
                if let id = petId, album.petId != id {
                    throw DiaryError.invalid(
                        "albumId", "The album \(albumId) does not belong to the pet \(id); give one of them.")
                }
                petId = album.petId
            }
            let whole = selection.petId == nil && selection.albumId == nil
            snapshot.pets =
                if whole {
                    try Pet.order(Pet.Columns.createdAt, Pet.Columns.id).fetchAll(db)
                } else if let petId {
                    [try PetStore.fetchPet(db, petId)]
                } else {
                    []
                }

            // Hand SQL: the lists' own selects (entries read by position, photos with their notes, albums with
            // their counts), with conditions the keyset pages share.
            var albumConditions: [String] = []
            var albumArguments = StatementArguments()
            if let albumId = selection.albumId {
                albumConditions.append("album.id = ?")
                albumArguments += [albumId]
            } else if let petId = selection.petId {
                albumConditions.append("album.petId = ?")
                albumArguments += [petId]
            }
            let albumWhere = albumConditions.isEmpty ? "" : " WHERE " + albumConditions.joined(separator: " AND ")

            var entryConditions: [String] = []
            var entryArguments = StatementArguments()
            var entryFilter = EntryFilter(from: selection.from, to: selection.to)
            if selection.albumId == nil { entryFilter.petId = selection.petId }
            try EntryStore.appendConditions(for: entryFilter, &entryConditions, &entryArguments, db)
            if selection.albumId != nil {
                entryConditions.append(
                    "EXISTS (SELECT 1 FROM entryPhoto JOIN photo ON photo.id = entryPhoto.photoId "
                        + "WHERE entryPhoto.entryId = entry.id AND photo.albumId = ?)")
                entryArguments += [selection.albumId]
            }
            let entryWhere = entryConditions.isEmpty ? "" : " WHERE " + entryConditions.joined(separator: " AND ")
            snapshot.entries = try Row.fetchAll(
                db, sql: EntryStore.entrySelect + entryWhere + " ORDER BY entry.date, entry.createdAt, entry.id",
                arguments: entryArguments
            ).map(EntryStore.entry(from:))

            var photoConditions = ["albumId IN (SELECT id FROM album\(albumWhere))"]
            var photoArguments = albumArguments
            try PhotoStore.appendTakenBounds(from: selection.from, to: selection.to, &photoConditions, &photoArguments)
            var photos = try Photo.fetchAll(
                db, sql: PhotoStore.photoSelect + " WHERE " + photoConditions.joined(separator: " AND "),
                arguments: photoArguments)
            var photoIds = Set(photos.map(\.id))
            let shown = Set(snapshot.entries.flatMap(\.photoIds)).subtracting(photoIds)
            for id in shown.sorted() {
                photos.append(try PhotoStore.fetchPhoto(db, id))
                photoIds.insert(id)
            }
            snapshot.photos = photos.sorted { ($0.takenAt, $0.importedAt, $0.id) < ($1.takenAt, $1.importedAt, $1.id) }

            var albums = try Album.fetchAll(db, sql: AlbumStore.albumSelect + albumWhere, arguments: albumArguments)
            let extraAlbums = Set(snapshot.photos.map(\.albumId)).subtracting(albums.map(\.id))
            for id in extraAlbums.sorted() { albums.append(try AlbumStore.fetchAlbum(db, id)) }
            snapshot.albums = albums.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }

            snapshot.notes = try Self.notes(of: snapshot, db)
            if whole {
                snapshot.sounds = try Sound.order(Sound.Columns.createdAt, Sound.Columns.id).fetchAll(db)
            } else {
                let ids = Set(
                    snapshot.pets.compactMap(\.shutterSoundId) + [snapshot.settings.shutterSoundId].compactMap { $0 }
                        + snapshot.notes.map(\.soundId))
                snapshot.sounds = try Sound.fetchAll(db, keys: ids.sorted()).sorted {
                    ($0.createdAt, $0.id) < ($1.createdAt, $1.id)
                }
            }
            let soundIds = Set(snapshot.sounds.map(\.id))
            snapshot.noteSoundIds = Set(
                try Sound.select(Sound.Columns.id, as: String.self).filter(Sound.Columns.forNote == true)
                    .fetchAll(db).filter(soundIds.contains))
            return snapshot
        }
    }

    /// The notes on the snapshot's entries and photos, oldest first.
    private static func notes(of snapshot: DiarySnapshot, _ db: Database) throws -> [Note] {
        let entryIds = Set(snapshot.entries.map(\.id))
        let photoIds = Set(snapshot.photos.map(\.id))
        // Hand SQL: noteSelect, the notes joined with their sounds' lengths.
        return try Note.fetchAll(db, sql: NoteStore.noteSelect + " ORDER BY note.createdAt, note.id").filter { note in
            if let id = note.entryId { return entryIds.contains(id) }
            if let id = note.photoId { return photoIds.contains(id) }
            return false
        }
    }
}
