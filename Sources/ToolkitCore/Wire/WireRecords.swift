import PetDiary
import PluginHost
import ToolkitAPI

// The diary's records as they go on the wire. The wire records are ToolkitAPI's own types, so a rename in
// the domain changes this file, never what clients read.

extension PetRecord {
    init(_ pet: Pet) {
        self.init(
            id: pet.id, name: pet.name, species: pet.species, breed: pet.breed, birthday: pet.birthday,
            notes: pet.notes, shutterSoundId: pet.shutterSoundId, createdAt: pet.createdAt, updatedAt: pet.updatedAt)
    }
}

extension AlbumRecord {
    init(_ album: Album) {
        self.init(
            id: album.id, petId: album.petId, title: album.title, photoCount: album.photoCount,
            coverPhotoId: album.coverPhotoId, createdAt: album.createdAt, updatedAt: album.updatedAt)
    }
}

extension PhotoRecord {
    init(_ photo: Photo) {
        self.init(
            id: photo.id, albumId: photo.albumId, sha256: photo.sha256, bytes: photo.bytes, mediaType: photo.mediaType,
            width: photo.width, height: photo.height, orientation: photo.orientation,
            durationSeconds: photo.durationSeconds, takenAt: photo.takenAt, importedAt: photo.importedAt,
            filename: photo.filename, memo: photo.memo, favorite: photo.favorite, duplicate: photo.duplicate,
            notes: photo.notes.map(NoteSummaryRecord.init))
    }
}

extension EntryRecord {
    init(_ entry: DiaryEntry) {
        self.init(
            id: entry.id, petId: entry.petId, title: entry.title, body: entry.body, date: entry.date,
            favorite: entry.favorite, tags: entry.tags, photoIds: entry.photoIds, createdAt: entry.createdAt,
            updatedAt: entry.updatedAt, notes: entry.notes.map(NoteSummaryRecord.init))
    }
}

extension NoteSummaryRecord {
    init(_ note: NoteSummary) {
        self.init(id: note.id, durationSeconds: note.durationSeconds)
    }
}

extension NoteRecord {
    init(_ note: Note) {
        self.init(
            id: note.id, soundId: note.soundId, entryId: note.entryId, photoId: note.photoId,
            durationSeconds: note.durationSeconds, createdAt: note.createdAt)
    }
}

extension SoundRecord {
    init(_ sound: Sound) {
        self.init(
            id: sound.id, title: sound.title, kind: sound.kind.rawValue, sha256: sound.sha256, bytes: sound.bytes,
            durationSeconds: sound.durationSeconds, rate: sound.rate, channels: sound.channels, bits: sound.bits,
            createdAt: sound.createdAt)
    }
}

extension SearchHitRecord {
    init(_ hit: SearchHit) {
        self.init(entry: EntryRecord(hit.entry), snippet: hit.snippet, rank: hit.rank)
    }
}

extension PageRecord {
    /// A page of domain records as a page of wire records.
    init<Domain>(_ page: Page<Domain>, _ transform: (Domain) -> Item) {
        self.init(items: page.items.map(transform), nextCursor: page.nextCursor)
    }
}

extension CalendarRecord {
    init(_ month: CalendarMonth) {
        self.init(
            year: month.year, month: month.month,
            days: month.days.map { Day(date: $0.date, entries: $0.entries, photos: $0.photos) })
    }
}

extension TagCountRecord {
    init(_ count: TagCount) {
        self.init(tag: count.tag, count: count.count)
    }
}

extension SettingsRecord {
    init(_ settings: DiarySettings) {
        self.init(
            diaryName: settings.diaryName, themeColor: settings.themeColor,
            defaultOrder: settings.defaultOrder.rawValue, titleLimit: settings.titleLimit,
            bodyLimit: settings.bodyLimit, shutterSoundId: settings.shutterSoundId, soundDevice: settings.soundDevice,
            captureDevice: settings.captureDevice)
    }
}

extension DeletionRecord {
    init(_ deletion: DeletionResult) {
        self.init(albums: deletion.albums, photos: deletion.photos, entries: deletion.entries)
    }
}

extension PluginRecord {
    init(_ status: PluginStatus) {
        self.init(
            name: status.name, version: status.version, path: status.path, state: status.state.name,
            reason: status.reason, pid: status.pid, methods: status.methods, hooks: status.hooks,
            subscriptions: status.subscriptions, calls: status.calls, errors: status.errors,
            p50Milliseconds: status.p50Milliseconds, restarts: status.restarts, residentBytes: status.residentBytes,
            important: status.important, stderr: status.standardError)
    }
}
