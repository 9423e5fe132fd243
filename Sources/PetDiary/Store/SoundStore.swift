import GRDB

/// The sounds: built-in, imported and recorded, and the choice of a shutter sound.
package struct SoundStore: Sendable {
    let store: DiaryStore
}

extension SoundStore {
    /// The same limit as an album's title.
    static let soundTitleLimit = 50

    /// Records a sound (made by `Sound.new`) whose WAV blob is published: one row, one transaction.
    package func insert(_ sound: Sound) async throws -> Sound {
        try await store.write { db in
            try Self.save(sound, forNote: false, db)
            return sound
        }
    }

    /// Inserts a sound's row; `forNote` marks one recorded for a note (it goes with its last note).
    static func save(_ sound: Sound, forNote: Bool, _ db: Database) throws {
        try sound.insert(db)
        if forNote { try Sound.filter(key: sound.id).updateAll(db, Sound.Columns.forNote.set(to: true)) }
    }

    /// The sound with `id`.
    /// - Throws: ``DiaryError`` `.notFound`.
    package func get(id: String) async throws -> Sound {
        try await store.read { db in try Self.fetchSound(db, id) }
    }

    /// The shutter sound for `petId`, which setting chose it (the pet's own, else the settings' default, else
    /// the built-in `fallback`), and the settings' sound device, read in one transaction.
    /// - Throws: ``DiaryError`` `.notFound` for an unknown pet.
    package func shutterSound(petId: String?, fallback: String) async throws -> ShutterSoundChoice {
        try await store.read { db in
            let settings = try SettingsStore.settings(db)
            let choice: (String, ShutterSoundSource) =
                if let petId, let id = try PetStore.fetchPet(db, petId).shutterSoundId {
                    (id, .pet)
                } else if let id = settings.shutterSoundId {
                    (id, .settings)
                } else {
                    (fallback, .builtin)
                }
            return ShutterSoundChoice(
                sound: try Self.fetchSound(db, choice.0), source: choice.1, soundDevice: settings.soundDevice)
        }
    }

    /// The sha256 of every sound a pet or the settings name as their shutter sound, and of `fallback`'s.
    package func shutterSoundHashes(fallback: String) async throws -> Set<String> {
        try await store.read { db in
            let id = Sound.Columns.id
            let chosen =
                id == fallback || Pet.select(Pet.Columns.shutterSoundId).contains(id)
                || SettingsRow.select(SettingsRow.Columns.shutterSoundId).contains(id)
            return Set(try Sound.filter(chosen).select(Sound.Columns.sha256, as: String.self).fetchAll(db))
        }
    }

    /// The built-in sounds recorded, with the sha256 of their bytes, by id.
    package func builtinHashes() async throws -> [String: String] {
        try await store.read { db in
            Dictionary(
                uniqueKeysWithValues: try Sound.filter(Sound.Columns.kind == Sound.Kind.builtin.rawValue)
                    .select(Sound.Columns.id, Sound.Columns.sha256).asRequest(of: Row.self).fetchAll(db)
                    .map { ($0["id"] as String, $0["sha256"] as String) })
        }
    }

    /// Sounds by when they were added (the built-in ones first, as they come with the diary).
    package func list(page: PageRequest) async throws -> Page<Sound> {
        try await store.read { db in
            // Hand SQL: a keyset page (see Keyset).
            try Keyset(columns: ["sound.createdAt", "sound.id"], scope: "sounds").fetchPage(
                db, select: "SELECT sound.* FROM sound", conditions: [], arguments: [], page: page,
                defaultOrder: try SettingsStore.defaultOrder(db), signingKey: store.cursorKey,
                item: { try Sound(row: $0) })
        }
    }

    /// Gives a sound a new title; a built-in one keeps its own.
    /// - Throws: ``DiaryError`` `.notFound`, `.invalid`, `.conflict` for a built-in sound.
    package func rename(id: String, title: String) async throws -> Sound {
        let title = try TextRules.required(title, field: "title", limit: Self.soundTitleLimit)
        return try await store.write { db in
            let sound = try Self.fetchSound(db, id)
            guard sound.kind != .builtin else {
                throw DiaryError(
                    .conflict, "'\(id)' is a built-in sound; it keeps its title. Import a copy to name it.",
                    kind: "sound", id: id)
            }
            try Sound.filter(key: id).updateAll(db, Sound.Columns.title.set(to: title))
            return try Self.fetchSound(db, id)
        }
    }

    /// Deletes a sound. A built-in sound is refused; so is one that a pet or the settings use as the
    /// shutter sound, or that voice notes use, unless `force`, which clears those uses (they fall back to the
    /// default) and deletes those notes.
    /// - Returns: what was deleted, with the WAV blob when nothing else uses it.
    /// - Throws: ``DiaryError`` `.notFound`, `.conflict`.
    package func delete(id: String, force: Bool) async throws -> (result: DeletionResult, clearedPets: [Pet]) {
        try await store.write { db in
            let sound = try Self.fetchSound(db, id)
            guard sound.kind != .builtin else {
                throw DiaryError(.conflict, "'\(id)' is a built-in sound; it cannot be deleted.", kind: "sound", id: id)
            }
            let users = Pet.filter(Pet.Columns.shutterSoundId == id)
            let pets = try users.select(Pet.Columns.name, as: String.self)
                .order(Pet.Columns.createdAt, Pet.Columns.id).fetchAll(db)
            let isDefault = try SettingsStore.settings(db).shutterSoundId == id
            if !force, !pets.isEmpty || isDefault {
                let users = pets.map { "the pet \($0)" } + (isDefault ? ["the settings' default"] : [])
                throw DiaryError(
                    .conflict,
                    "The sound is the shutter sound of \(users.joined(separator: ", ")); choose another one first, "
                        + "or pass force: true to delete it and fall back to the default.",
                    kind: "sound", id: id)
            }
            let notes = try NoteRow.filter(NoteRow.Columns.soundId == id).fetchCount(db)
            if !force, notes > 0 {
                throw DiaryError(
                    .conflict,
                    "The sound is used by \(notes) voice note(s); delete them first, or pass force: true to "
                        + "delete them with the sound.",
                    kind: "sound", id: id)
            }
            try NoteRow.filter(NoteRow.Columns.soundId == id).deleteAll(db)
            let now = Timestamp.now()
            let clearedIds = try users.select(Pet.Columns.id, as: String.self).fetchAll(db)
            try users.updateAll(db, Pet.Columns.shutterSoundId.set(to: nil), Pet.Columns.updatedAt.set(to: now))
            try SettingsRow.filter(SettingsRow.Columns.shutterSoundId == id)
                .updateAll(db, SettingsRow.Columns.shutterSoundId.set(to: nil))
            try Sound.deleteOne(db, key: id)
            let cleared = try clearedIds.map { try PetStore.fetchPet(db, $0) }
            return (DeletionResult(unreferencedBlobs: try BlobReferenceStore.unreferenced(db, [sound.sha256])), cleared)
        }
    }

    static func fetchSound(_ db: Database, _ id: String) throws -> Sound {
        guard let sound = try Sound.fetchOne(db, key: id) else {
            throw DiaryError.notFound("sound", id)
        }
        return sound
    }
}

extension Sound {
    /// A sound to record: `id` (the built-in sounds' names) or a new UUID, created now, its title checked.
    /// - Throws: ``DiaryError`` `.invalid` for the title.
    package static func new(
        title: String, kind: Kind, sha256: String, bytes: Int64, durationSeconds: Double, rate: Int, channels: Int,
        bits: Int, id: String? = nil
    ) throws -> Sound {
        Sound(
            id: id ?? DiaryStore.newID(),
            title: try TextRules.required(title, field: "title", limit: SoundStore.soundTitleLimit), kind: kind,
            sha256: sha256, bytes: bytes, durationSeconds: durationSeconds, rate: rate, channels: channels, bits: bits,
            createdAt: Timestamp.now())
    }
}
