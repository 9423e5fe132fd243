package import PetDiary
package import ToolkitAPI

// The diary's records as they go on the wire. The wire records are ToolkitAPI's own types, so a rename in
// the domain changes this file, never what clients read.

extension PetRecord {
    package init(_ pet: Pet) {
        self.init(
            id: pet.id, name: pet.name, species: pet.species, breed: pet.breed, birthday: pet.birthday,
            notes: pet.notes, shutterSoundId: pet.shutterSoundId, createdAt: pet.createdAt, updatedAt: pet.updatedAt)
    }
}

// The records' own fields are read from their stored rows (`entry.stored.title`), not through member lookup
// (`entry.title`): each lookup there is a key path applied at run time, a measurable share of a page of entries'
// instructions (Benchmarks/rpc/callgrind.sh on diary.list; Benchmarks/notes/2026-11-29-why.md, a page of entries).

extension AlbumRecord {
    package init(_ album: Album) {
        let row = album.stored
        self.init(
            id: row.id, petId: row.petId, title: row.title, photoCount: album.photoCount,
            coverPhotoId: album.coverPhotoId, createdAt: row.createdAt, updatedAt: row.updatedAt)
    }
}

extension PhotoRecord {
    package init(_ photo: Photo) {
        let row = photo.stored
        self.init(
            id: row.id, albumId: row.albumId, sha256: row.sha256, bytes: row.bytes, mediaType: row.mediaType,
            width: row.width, height: row.height, orientation: row.orientation, durationSeconds: row.durationSeconds,
            takenAt: row.takenAt, importedAt: row.importedAt, filename: row.filename, memo: row.memo,
            favorite: row.favorite, duplicate: photo.duplicate,
            notes: photo.notes.map(NoteSummaryRecord.init))
        (displayWidth, displayHeight, rotation) = (row.displayWidth, row.displayHeight, row.rotation)
        (videoCodec, audioCodec, frameRate) = (row.videoCodec, row.audioCodec, row.frameRate)
        takenOffset = row.takenOffset.map(LocalTime.offsetText)
        takenAtLocal = row.takenLocal?.text
        takenDay = row.takenDay
        takenAtSource = row.takenAtSource
    }
}

extension EntryRecord {
    package init(_ entry: DiaryEntry) {
        let row = entry.stored
        self.init(
            id: row.id, petId: row.petId, title: row.title, body: row.body, date: row.date, favorite: row.favorite,
            tags: entry.tags, photoIds: entry.photoIds, createdAt: row.createdAt, updatedAt: row.updatedAt,
            notes: entry.notes.map(NoteSummaryRecord.init))
    }
}

extension NoteSummaryRecord {
    package init(_ note: NoteSummary) {
        self.init(id: note.id, durationSeconds: note.durationSeconds)
    }
}

extension NoteRecord {
    package init(_ note: Note) {
        let row = note.stored
        self.init(
            id: row.id, soundId: row.soundId, entryId: row.entryId, photoId: row.photoId,
            durationSeconds: note.durationSeconds, createdAt: row.createdAt)
    }
}

extension SoundRecord {
    package init(_ sound: Sound) {
        self.init(
            id: sound.id, title: sound.title, kind: sound.kind.rawValue, sha256: sound.sha256, bytes: sound.bytes,
            durationSeconds: sound.durationSeconds, rate: sound.rate, channels: sound.channels, bits: sound.bits,
            createdAt: sound.createdAt)
    }
}

extension SettingsRecord {
    package init(_ settings: DiarySettings) {
        self.init(
            diaryName: settings.diaryName, themeColor: settings.themeColor,
            defaultOrder: settings.defaultOrder.rawValue, titleLimit: settings.titleLimit,
            bodyLimit: settings.bodyLimit, shutterSoundId: settings.shutterSoundId, soundDevice: settings.soundDevice,
            captureDevice: settings.captureDevice)
    }
}
