import GRDB

/// One walk over a bundle's records against the database: resolves every reference (to a record of the
/// bundle, or one already stored), decides per record what ``ConflictMode`` makes of it, and, when
/// `apply` is set, writes it. Run once in a read transaction to check (nothing written), then again in the
/// write transaction.
///
/// Ids: a record keeps its id unless that id is taken and the mode is ``ConflictMode/duplicate`` (then it
/// gets a new one); every reference to a bundle record goes through the maps, so it points to wherever the
/// record ended up (a skipped record's stored one, a duplicate's new one).
struct BundleMergePass {
    let db: Database
    let mode: ConflictMode
    let apply: Bool
    /// The size of a photo's or sound's file in the bundle or the blob store; nil when it is in neither.
    let blobSize: (String) -> Int64?
    /// Bundle id → id in the diary, per kind.
    private var sounds: [String: String] = [:]
    private var pets: [String: String] = [:]
    private var albums: [String: String] = [:]
    private var photos: [String: String] = [:]
    private var entries: [String: String] = [:]
    private var notes: [String: String] = [:]
    private(set) var summary = MergeSummary()

    init(db: Database, mode: ConflictMode, apply: Bool, blobSize: @escaping (String) -> Int64?) {
        self.db = db
        self.mode = mode
        self.apply = apply
        self.blobSize = blobSize
    }

    /// Walks every kind, in dependency order.
    /// - Throws: ``DiaryError`` `.invalid` with `kind` `bundle`, `field` the member and a `reason`.
    mutating func run(_ records: some BundleRecords) throws {
        try records.forEachSound { try merge($0, $1) }
        try records.forEachPet { try merge($0, $1) }
        try records.forEachAlbum { try merge($0, $1) }
        try records.forEachPhoto { try merge($0, $1) }
        try records.forEachEntry { try merge($0, $1) }
        try records.forEachNote { try merge($0, $1) }
    }

    /// What happens to a bundle record of `table` with `id`, and under which id it lands.
    private enum Decision {
        case insert(String)
        case replace
        case skip
    }

    private func decide(_ table: String, _ id: String, _ seen: [String: String], _ origin: BundleRecordOrigin)
        throws -> Decision
    {
        guard !id.isEmpty else { throw Self.bad(origin, "empty-id", "the record has an empty id") }
        guard seen[id] == nil else {
            throw Self.bad(origin, "duplicate-record", "the id '\(id)' appears twice in the bundle")
        }
        guard try DiaryStore.exists(db, table, id) else { return .insert(id) }
        switch mode {
        case .skip: return .skip
        case .replace: return .replace
        case .duplicate: return .insert(DiaryStore.newID())
        }
    }

    /// The diary's id of a reference to `id`: the bundle record's, else a stored record's.
    private func resolve(
        _ id: String, in map: [String: String], _ table: String, _ what: String, _ origin: BundleRecordOrigin
    ) throws -> String {
        if let mapped = map[id] { return mapped }
        guard try DiaryStore.exists(db, table, id) else {
            throw Self.bad(
                origin, "unresolved-reference",
                "\(what) '\(id)' is neither in the bundle nor in this diary")
        }
        return id
    }

    private mutating func merge(_ sound: Sound, _ origin: BundleRecordOrigin) throws {
        try checkFile(sound.sha256, bytes: sound.bytes, of: "sound", origin)
        let stored = try Sound.fetchOne(db, sql: "SELECT * FROM sound WHERE id = ?", arguments: [sound.id])
        if stored?.kind == .builtin || (sound.kind == .builtin && stored != nil) {
            // Built-in sounds map onto ours and are never replaced.
            guard sounds.updateValue(sound.id, forKey: sound.id) == nil else {
                throw Self.bad(origin, "duplicate-record", "the id '\(sound.id)' appears twice in the bundle")
            }
            summary.skipped.sounds += 1
            return
        }
        var sound = sound
        if sound.kind == .builtin { sound.kind = .imported }
        switch try decide("sound", sound.id, sounds, origin) {
        case .skip:
            sounds[sound.id] = sound.id
            summary.skipped.sounds += 1
        case .replace:
            sounds[sound.id] = sound.id
            summary.replaced.sounds += 1
            guard apply else { return }
            try db.execute(
                sql: """
                    UPDATE sound SET title = ?, kind = ?, sha256 = ?, bytes = ?, durationSeconds = ?, rate = ?,
                        channels = ?, bits = ?, createdAt = ? WHERE id = ?
                    """,
                arguments: [
                    sound.title, sound.kind.rawValue, sound.sha256, sound.bytes, sound.durationSeconds, sound.rate,
                    sound.channels, sound.bits, sound.createdAt, sound.id,
                ])
        case .insert(let id):
            sounds[sound.id] = id
            summary.added.sounds += 1
            guard apply else { return }
            try db.execute(
                sql: """
                    INSERT INTO sound (id, title, kind, sha256, bytes, durationSeconds, rate, channels, bits, createdAt)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    id, sound.title, sound.kind.rawValue, sound.sha256, sound.bytes, sound.durationSeconds,
                    sound.rate, sound.channels, sound.bits, sound.createdAt,
                ])
        }
    }

    private mutating func merge(_ pet: Pet, _ origin: BundleRecordOrigin) throws {
        var pet = pet
        pet.shutterSoundId = try pet.shutterSoundId.map {
            try resolve($0, in: sounds, "sound", "its shutter sound", origin)
        }
        switch try decide("pet", pet.id, pets, origin) {
        case .skip:
            pets[pet.id] = pet.id
            summary.skipped.pets += 1
        case .replace:
            pets[pet.id] = pet.id
            summary.replaced.pets += 1
            guard apply else { return }
            try db.execute(
                sql: """
                    UPDATE pet SET name = ?, species = ?, breed = ?, birthday = ?, notes = ?, shutterSoundId = ?,
                        createdAt = ?, updatedAt = ? WHERE id = ?
                    """,
                arguments: [
                    pet.name, pet.species, pet.breed, pet.birthday, pet.notes, pet.shutterSoundId, pet.createdAt,
                    pet.updatedAt, pet.id,
                ])
        case .insert(let id):
            pets[pet.id] = id
            summary.added.pets += 1
            guard apply else { return }
            try db.execute(
                sql: """
                    INSERT INTO pet (id, name, species, breed, birthday, notes, shutterSoundId, createdAt, updatedAt)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    id, pet.name, pet.species, pet.breed, pet.birthday, pet.notes, pet.shutterSoundId, pet.createdAt,
                    pet.updatedAt,
                ])
        }
    }

    private mutating func merge(_ album: Album, _ origin: BundleRecordOrigin) throws {
        let petId = try album.petId.map { try resolve($0, in: pets, "pet", "its pet", origin) }
        switch try decide("album", album.id, albums, origin) {
        case .skip:
            albums[album.id] = album.id
            summary.skipped.albums += 1
        case .replace:
            albums[album.id] = album.id
            summary.replaced.albums += 1
            guard apply else { return }
            try db.execute(
                sql: "UPDATE album SET petId = ?, title = ?, createdAt = ?, updatedAt = ? WHERE id = ?",
                arguments: [petId, album.title, album.createdAt, album.updatedAt, album.id])
        case .insert(let id):
            albums[album.id] = id
            summary.added.albums += 1
            guard apply else { return }
            try db.execute(
                sql: "INSERT INTO album (id, petId, title, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?)",
                arguments: [id, petId, album.title, album.createdAt, album.updatedAt])
        }
    }

    private mutating func merge(_ photo: Photo, _ origin: BundleRecordOrigin) throws {
        var photo = photo
        photo.albumId = try resolve(photo.albumId, in: albums, "album", "its album", origin)
        try checkFile(photo.sha256, bytes: photo.bytes, of: "photo", origin)
        let decision = try decide("photo", photo.id, photos, origin)
        if case .insert = decision, apply,
            let existing = try String.fetchOne(
                db, sql: "SELECT id FROM photo WHERE albumId = ? AND sha256 = ?",
                arguments: [photo.albumId, photo.sha256])
        {
            // The same bytes are already in that album: that photo stands for the bundle's.
            photos[photo.id] = existing
            summary.skipped.photos += 1
            return
        }
        switch decision {
        case .skip:
            photos[photo.id] = photo.id
            summary.skipped.photos += 1
        case .replace:
            photos[photo.id] = photo.id
            summary.replaced.photos += 1
            guard apply else { return }
            try db.execute(
                sql: """
                    UPDATE photo SET albumId = ?, sha256 = ?, bytes = ?, mediaType = ?, width = ?, height = ?,
                        orientation = ?, durationSeconds = ?, takenAt = ?, importedAt = ?, filename = ?, memo = ?,
                        favorite = ? WHERE id = ?
                    """,
                arguments: Self.photoValues(photo) + [photo.id])
        case .insert(let id):
            photos[photo.id] = id
            summary.added.photos += 1
            guard apply else { return }
            try db.execute(
                sql: """
                    INSERT INTO photo (albumId, sha256, bytes, mediaType, width, height, orientation,
                        durationSeconds, takenAt, importedAt, filename, memo, favorite, id)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: Self.photoValues(photo) + [id])
        }
    }

    private static func photoValues(_ photo: Photo) -> StatementArguments {
        [
            photo.albumId, photo.sha256, photo.bytes, photo.mediaType, photo.width, photo.height, photo.orientation,
            photo.durationSeconds, photo.takenAt, photo.importedAt, photo.filename, photo.memo, photo.favorite,
        ]
    }

    private mutating func merge(_ entry: DiaryEntry, _ origin: BundleRecordOrigin) throws {
        var entry = entry
        entry.petId = try entry.petId.map { try resolve($0, in: pets, "pet", "its pet", origin) }
        guard entry.photoIds.count <= DiaryStore.photosPerEntryLimit else {
            throw Self.bad(
                origin, "too-many-photos",
                "the entry shows \(entry.photoIds.count) photos; an entry holds at most "
                    + "\(DiaryStore.photosPerEntryLimit)")
        }
        entry.photoIds = try entry.photoIds.map { try resolve($0, in: photos, "photo", "its photo", origin) }
        var unique: [String] = []
        for id in entry.photoIds where !unique.contains(id) { unique.append(id) }
        entry.photoIds = unique
        entry.tags = TagParser.tags(in: entry.body)
        switch try decide("entry", entry.id, entries, origin) {
        case .skip:
            entries[entry.id] = entry.id
            summary.skipped.entries += 1
        case .replace:
            entries[entry.id] = entry.id
            summary.replaced.entries += 1
            guard apply else { return }
            try replace(entry)
        case .insert(let id):
            entries[entry.id] = id
            summary.added.entries += 1
            entry.id = id
            guard apply else { return }
            try insert(entry)
        }
    }

    private func insert(_ entry: DiaryEntry) throws {
        try db.execute(
            sql: """
                INSERT INTO entry (id, petId, title, body, date, favorite, createdAt, updatedAt)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                entry.id, entry.petId, entry.title, entry.body, entry.date, entry.favorite, entry.createdAt,
                entry.updatedAt,
            ])
        try insertRelations(of: entry)
    }

    /// Overwrites a stored entry in place, so the rows that point to it (its voice notes) stay.
    private func replace(_ entry: DiaryEntry) throws {
        try db.execute(
            sql: """
                UPDATE entry SET petId = ?, title = ?, body = ?, date = ?, favorite = ?, createdAt = ?, updatedAt = ?
                WHERE id = ?
                """,
            arguments: [
                entry.petId, entry.title, entry.body, entry.date, entry.favorite, entry.createdAt, entry.updatedAt,
                entry.id,
            ])
        try db.execute(sql: "DELETE FROM entryTag WHERE entryId = ?", arguments: [entry.id])
        try db.execute(sql: "DELETE FROM entryPhoto WHERE entryId = ?", arguments: [entry.id])
        try insertRelations(of: entry)
    }

    /// An entry's tags and photos, in their order.
    private func insertRelations(of entry: DiaryEntry) throws {
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

    /// A voice note: its sound, and its one entry or photo, each in the bundle or the diary.
    private mutating func merge(_ note: Note, _ origin: BundleRecordOrigin) throws {
        var note = note
        note.soundId = try resolve(note.soundId, in: sounds, "sound", "its sound", origin)
        switch (note.entryId, note.photoId) {
        case (let entryId?, nil):
            note.entryId = try resolve(entryId, in: entries, "entry", "its diary entry", origin)
        case (nil, let photoId?):
            note.photoId = try resolve(photoId, in: photos, "photo", "its photo", origin)
        default:
            let which = note.entryId == nil ? "neither an entryId nor a photoId" : "both an entryId and a photoId"
            throw Self.bad(
                origin, "bad-note-target", "the note names \(which); a note is on exactly one entry or one photo")
        }
        switch try decide("note", note.id, notes, origin) {
        case .skip:
            notes[note.id] = note.id
            summary.skipped.notes += 1
        case .replace:
            notes[note.id] = note.id
            summary.replaced.notes += 1
            guard apply else { return }
            try db.execute(
                sql: "UPDATE note SET soundId = ?, entryId = ?, photoId = ?, createdAt = ? WHERE id = ?",
                arguments: [note.soundId, note.entryId, note.photoId, note.createdAt, note.id])
        case .insert(let id):
            notes[note.id] = id
            summary.added.notes += 1
            guard apply else { return }
            try db.execute(
                sql: "INSERT INTO note (id, soundId, entryId, photoId, createdAt) VALUES (?, ?, ?, ?, ?)",
                arguments: [id, note.soundId, note.entryId, note.photoId, note.createdAt])
        }
    }

    /// Checks that a record's file is in the bundle or the blob store, with the size the record gives.
    private func checkFile(_ sha256: String, bytes: Int64, of what: String, _ origin: BundleRecordOrigin) throws {
        guard BlobHash.isValid(sha256), let size = blobSize(sha256) else {
            throw Self.bad(
                origin, "missing-blob",
                "the \(what)'s file \(sha256) is neither in the bundle nor in this diary's blob store")
        }
        guard size == bytes else {
            throw Self.bad(origin, "size-mismatch", "the \(what) says \(bytes) bytes, its file has \(size)")
        }
    }

    /// A record the diary cannot take: named by its member and line.
    static func bad(_ origin: BundleRecordOrigin, _ reason: String, _ what: String) -> DiaryError {
        DiaryError(
            .invalid,
            "\(origin.member) line \(origin.line): \(what); the bundle is incomplete or damaged, so nothing "
                + "was imported.",
            kind: "bundle", field: origin.member, reason: reason)
    }
}
