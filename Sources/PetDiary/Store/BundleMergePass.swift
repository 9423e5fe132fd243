import GRDB
import Media

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
    /// Bundle id → id in the diary, by table.
    private var landed: [String: [String: String]] = [:]
    private(set) var summary = MergeSummary()

    init(db: Database, mode: ConflictMode, apply: Bool, blobSize: @escaping (String) -> Int64?) {
        self.db = db
        self.mode = mode
        self.apply = apply
        self.blobSize = blobSize
    }

    /// Walks every kind, in dependency order. When writing, the entries are indexed for search in one pass
    /// after they are all in (see ``DiaryStore/withSearchIndexFilledAfter(_:_:)``).
    /// - Throws: ``DiaryError`` `.invalid` with `kind` `bundle`, `field` the member and a `reason`.
    mutating func run(_ records: some BundleRecords) throws {
        try records.forEachSound { try merge($0, $1) }
        try records.forEachPet { try merge($0, $1) }
        try records.forEachAlbum { try merge($0, $1) }
        try records.forEachPhoto { try merge($0, $1) }
        if apply {
            try DiaryStore.withSearchIndexFilledAfter(db) { try records.forEachEntry { try merge($0, $1) } }
        } else {
            try records.forEachEntry { try merge($0, $1) }
        }
        try records.forEachNote { try merge($0, $1) }
    }

    /// Where a bundle record lands: as a new row (under its own id or a new one), over the stored row with its
    /// id, or nowhere.
    private enum Landing {
        case insert(String)
        case replace
        case skip
    }

    /// Decides, once for every kind, what becomes of `record`; remembers where it landed so references to it
    /// follow; counts it; and, when applying, writes it.
    /// - Parameter standIn: Asked before a new row is written: the id of a stored row that stands for the
    ///   record instead (then it is counted as skipped).
    private mutating func land<Record: MergedRecord>(
        _ record: Record, _ origin: BundleRecordOrigin, standIn: () throws -> String? = { nil }
    ) throws {
        let table = Record.table
        var record = record
        let bundleID = record.id
        switch try landing(of: record, origin) {
        case .insert(let id):
            if apply, let existing = try standIn() {
                landed[table, default: [:]][bundleID] = existing
                summary.skipped[keyPath: Record.counted] += 1
                return
            }
            landed[table, default: [:]][bundleID] = id
            summary.added[keyPath: Record.counted] += 1
            record.id = id
            if apply { try record.save(db, inserting: true) }
        case .replace:
            landed[table, default: [:]][bundleID] = bundleID
            summary.replaced[keyPath: Record.counted] += 1
            if apply { try record.save(db, inserting: false) }
        case .skip:
            landed[table, default: [:]][bundleID] = bundleID
            summary.skipped[keyPath: Record.counted] += 1
        }
    }

    private func landing<Record: MergedRecord>(of record: Record, _ origin: BundleRecordOrigin) throws -> Landing {
        guard !record.id.isEmpty else { throw Self.bad(origin, "empty-id", "the record has an empty id") }
        guard landed[Record.table]?[record.id] == nil else {
            throw Self.bad(origin, "duplicate-record", "the id '\(record.id)' appears twice in the bundle")
        }
        guard try DiaryStore.exists(db, table: Record.table, record.id) else { return .insert(record.id) }
        switch mode {
        case .skip: return .skip
        case .replace: return .replace
        case .duplicate: return .insert(DiaryStore.newID())
        }
    }

    /// The diary's id of a reference to `id` in `table`: where the bundle's record landed, else a stored record's.
    private func resolve(_ id: String, in table: String, _ what: String, _ origin: BundleRecordOrigin) throws -> String
    {
        if let mapped = landed[table]?[id] { return mapped }
        guard try DiaryStore.exists(db, table: table, id) else {
            throw Self.bad(origin, "unresolved-reference", "\(what) '\(id)' is neither in the bundle nor in this diary")
        }
        return id
    }

    private mutating func merge(_ sound: Sound, _ origin: BundleRecordOrigin) throws {
        try checkFile(sound.sha256, bytes: sound.bytes, of: "sound", origin)
        let stored = try Sound.fetchOne(db, key: sound.id)
        if stored?.kind == .builtin || (sound.kind == .builtin && stored != nil) {
            // Built-in sounds map onto ours and are never replaced.
            guard landed[Sound.table, default: [:]].updateValue(sound.id, forKey: sound.id) == nil else {
                throw Self.bad(origin, "duplicate-record", "the id '\(sound.id)' appears twice in the bundle")
            }
            summary.skipped.sounds += 1
            return
        }
        var sound = sound
        if sound.kind == .builtin { sound.kind = .imported }
        try land(sound, origin)
    }

    private mutating func merge(_ pet: Pet, _ origin: BundleRecordOrigin) throws {
        var pet = pet
        pet.shutterSoundId = try pet.shutterSoundId.map {
            try resolve($0, in: Sound.table, "its shutter sound", origin)
        }
        try land(pet, origin)
    }

    private mutating func merge(_ album: Album, _ origin: BundleRecordOrigin) throws {
        var album = album.stored
        album.petId = try album.petId.map { try resolve($0, in: Pet.table, "its pet", origin) }
        try land(album, origin)
    }

    private mutating func merge(_ photo: Photo, _ origin: BundleRecordOrigin) throws {
        var photo = photo.stored
        photo.albumId = try resolve(photo.albumId, in: AlbumRow.table, "its album", origin)
        try checkFile(photo.sha256, bytes: photo.bytes, of: "photo", origin)
        try land(photo, origin) { [db] in
            // The same bytes are already in that album: that photo stands for the bundle's.
            try PhotoRow.select(Column("id"), as: String.self)
                .filter(PhotoRow.Columns.albumId == photo.albumId && PhotoRow.Columns.sha256 == photo.sha256)
                .fetchOne(db)
        }
    }

    private mutating func merge(_ entry: DiaryEntry, _ origin: BundleRecordOrigin) throws {
        var entry = entry
        entry.petId = try entry.petId.map { try resolve($0, in: Pet.table, "its pet", origin) }
        guard entry.photoIds.count <= EntryStore.photosPerEntryLimit else {
            throw Self.bad(
                origin, "too-many-photos",
                "the entry shows \(entry.photoIds.count) photos; an entry holds at most "
                    + "\(EntryStore.photosPerEntryLimit)")
        }
        entry.photoIds = try entry.photoIds.map { try resolve($0, in: PhotoRow.table, "its photo", origin) }
        var unique: [String] = []
        for id in entry.photoIds where !unique.contains(id) { unique.append(id) }
        entry.photoIds = unique
        entry.tags = TagParser.tags(in: entry.body)
        try land(entry, origin)
    }

    /// A voice note: its sound, and its one entry or photo, each in the bundle or the diary.
    private mutating func merge(_ note: Note, _ origin: BundleRecordOrigin) throws {
        var note = note.stored
        note.soundId = try resolve(note.soundId, in: Sound.table, "its sound", origin)
        switch (note.entryId, note.photoId) {
        case (let entryId?, nil):
            note.entryId = try resolve(entryId, in: DiaryEntry.table, "its diary entry", origin)
        case (nil, let photoId?):
            note.photoId = try resolve(photoId, in: PhotoRow.table, "its photo", origin)
        default:
            let which = note.entryId == nil ? "neither an entryId nor a photoId" : "both an entryId and a photoId"
            throw Self.bad(
                origin, "bad-note-target", "the note names \(which); a note is on exactly one entry or one photo")
        }
        try land(note, origin)
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

/// A kind of record a bundle merge lands as one row of its table (with, for an entry, its tags and photos).
protocol MergedRecord {
    /// Its table, which also names the kind in the merge's id map.
    static var table: String { get }
    /// Where ``MergeSummary`` counts it.
    static var counted: WritableKeyPath<MergeCounts, Int> { get }
    var id: String { get set }
    /// Writes it as a new row, or over the stored row with its id.
    func save(_ db: Database, inserting: Bool) throws
}

extension MergedRecord where Self: PersistableRecord {
    static var table: String { databaseTableName }

    func save(_ db: Database, inserting: Bool) throws {
        if inserting { try insert(db) } else { try update(db) }
    }
}

extension Sound: MergedRecord {
    static var counted: WritableKeyPath<MergeCounts, Int> { \.sounds }
}

extension Pet: MergedRecord {
    static var counted: WritableKeyPath<MergeCounts, Int> { \.pets }
}

extension AlbumRow: MergedRecord {
    static var counted: WritableKeyPath<MergeCounts, Int> { \.albums }
}

extension PhotoRow: MergedRecord {
    static var counted: WritableKeyPath<MergeCounts, Int> { \.photos }
}

extension NoteRow: MergedRecord {
    static var counted: WritableKeyPath<MergeCounts, Int> { \.notes }
}

extension DiaryEntry: MergedRecord {
    static var table: String { EntryRow.databaseTableName }
    static var counted: WritableKeyPath<MergeCounts, Int> { \.entries }

    /// Its stored row's id (a protocol requirement, which member lookup does not meet).
    var id: String {
        get { stored.id }
        set { stored.id = newValue }
    }

    func save(_ db: Database, inserting: Bool) throws {
        if inserting { try EntryStore.insert(self, db) } else { try EntryStore.replace(self, db) }
    }
}
