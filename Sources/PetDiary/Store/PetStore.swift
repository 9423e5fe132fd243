import GRDB

/// What a pet is made from: `pets.create` and `pets.update` (nil leaves a field as it is on update).
package struct PetFields: Sendable {
    package var name: String?
    package var species: String?
    package var breed: String?
    package var birthday: String?
    package var notes: String?
    package var shutterSoundId: String?

    package init(
        name: String? = nil, species: String? = nil, breed: String? = nil, birthday: String? = nil,
        notes: String? = nil, shutterSoundId: String? = nil
    ) {
        self.name = name
        self.species = species
        self.breed = breed
        self.birthday = birthday
        self.notes = notes
        self.shutterSoundId = shutterSoundId
    }
}

/// The pets of the diary.
package struct PetStore: Sendable {
    let store: DiaryStore
}

extension PetStore {
    static let nameLimit = 50
    static let notesLimit = 2000

    /// Adds a pet.
    /// - Throws: ``DiaryError`` `.invalid` for a missing or too long name, or a birthday that is not a day;
    ///   `.notFound` for a shutter sound that does not exist.
    package func create(_ fields: PetFields) async throws -> Pet {
        let now = Timestamp.now()
        var pet = Pet(
            id: DiaryStore.newID(), name: "", species: nil, breed: nil, birthday: nil, notes: nil, shutterSoundId: nil,
            createdAt: now, updatedAt: now)
        try Self.apply(fields, to: &pet, creating: true)
        return try await store.write { [pet] db in
            if let sound = pet.shutterSoundId { try DiaryStore.requireExists(db, Sound.self, sound) }
            try pet.insert(db)
            return pet
        }
    }

    /// The pet with `id`.
    /// - Throws: ``DiaryError`` `.notFound`.
    package func get(id: String) async throws -> Pet {
        try await store.read { db in try Self.fetchPet(db, id) }
    }

    /// Pets, oldest or newest first by when they were added.
    package func list(page: PageRequest) async throws -> Page<Pet> {
        try await store.read { db in
            let defaultOrder = try SettingsStore.defaultOrder(db)
            // Hand SQL: a keyset page (see Keyset).
            return try Keyset(columns: ["createdAt", "id"], scope: "pets").fetchPage(
                db, select: "SELECT * FROM pet", conditions: [], arguments: [], page: page,
                defaultOrder: defaultOrder, signingKey: store.cursorKey, item: { try Pet(row: $0) })
        }
    }

    /// Changes the fields given; an empty string clears an optional field.
    /// - Throws: ``DiaryError`` `.notFound`, `.invalid`.
    package func update(id: String, _ fields: PetFields) async throws -> Pet {
        try await store.write { db in
            var pet = try Self.fetchPet(db, id)
            try Self.apply(fields, to: &pet, creating: false)
            if fields.shutterSoundId != nil, let sound = pet.shutterSoundId {
                try DiaryStore.requireExists(db, Sound.self, sound)
            }
            pet.updatedAt = Timestamp.now()
            try pet.update(db)
            return pet
        }
    }

    /// Deletes a pet. With albums or entries it is refused unless `force`, which deletes them too.
    /// - Returns: the sha256 of blobs that no photo references any more (for the caller to remove).
    /// - Throws: ``DiaryError`` `.notFound`, or `.conflict` when the pet has albums or entries.
    package func delete(id: String, force: Bool) async throws -> DeletionResult {
        try await store.write { db in
            _ = try Self.fetchPet(db, id)
            let albums = try AlbumRow.filter(AlbumRow.Columns.petId == id).fetchCount(db)
            let entries = try EntryRow.filter(EntryRow.Columns.petId == id).fetchCount(db)
            guard force || (albums == 0 && entries == 0) else {
                throw DiaryError(
                    .conflict,
                    "The pet has \(albums) album(s) and \(entries) diary entr\(entries == 1 ? "y" : "ies"); "
                        + "delete them first, or pass force: true to delete them with the pet.",
                    kind: "pet", id: id)
            }
            let albumIds = AlbumRow.filter(AlbumRow.Columns.petId == id).select(AlbumRow.Columns.id)
            let petPhotos = PhotoRow.filter(albumIds.contains(PhotoRow.Columns.albumId))
            let hashes = try petPhotos.select(PhotoRow.Columns.sha256, as: String.self).distinct().fetchAll(db)
            let photos = try petPhotos.fetchCount(db)
            try Pet.deleteOne(db, key: id)
            let noteHashes = try NoteStore.deleteUnusedNoteSounds(db)
            return DeletionResult(
                albums: albums, photos: photos, entries: entries,
                unreferencedBlobs: try BlobReferenceStore.unreferenced(db, hashes + noteHashes))
        }
    }

    static func fetchPet(_ db: Database, _ id: String) throws -> Pet {
        // Hand SQL: a cached statement (prepared once; compiling cost more than running it).
        guard let pet = try Pet.fetchOne(db.cachedStatement(sql: "SELECT * FROM pet WHERE id = ?"), arguments: [id])
        else {
            throw DiaryError.notFound("pet", id)
        }
        return pet
    }

    private static func apply(_ fields: PetFields, to pet: inout Pet, creating: Bool) throws {
        if let name = fields.name {
            pet.name = try TextRules.required(name, field: "name", limit: nameLimit)
        } else if creating {
            throw DiaryError.invalid("name", "name is missing; every pet needs a name.")
        }
        if let species = fields.species {
            pet.species = try TextRules.optional(species, field: "species", limit: nameLimit)
        }
        if let breed = fields.breed { pet.breed = try TextRules.optional(breed, field: "breed", limit: nameLimit) }
        if let birthday = fields.birthday {
            pet.birthday = birthday.isEmpty ? nil : try TextRules.day(birthday, field: "birthday")
        }
        if let notes = fields.notes { pet.notes = try TextRules.optional(notes, field: "notes", limit: notesLimit) }
        if let sound = fields.shutterSoundId {
            pet.shutterSoundId = try TextRules.optional(sound, field: "shutterSoundId", limit: 100)
        }
    }
}

/// What a delete took with it, and which blobs nothing references any more.
package struct DeletionResult: Sendable {
    package var albums: Int = 0
    package var photos: Int = 0
    package var entries: Int = 0
    /// Not part of the reply: the caller removes these files after the commit.
    package var unreferencedBlobs: [String] = []

    private enum CodingKeys: String, CodingKey { case albums, photos, entries }
}
