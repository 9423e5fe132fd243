package import PetDiary
package import ToolkitAPI

// The diary's models from their wire records, as a bundle or an archive holds them: one conversion for
// `import.bundle` and `archive.restore` alike.

extension Pet {
    package init(_ record: PetRecord) {
        self.init(
            id: record.id, name: record.name, species: record.species, breed: record.breed,
            birthday: record.birthday, notes: record.notes, shutterSoundId: record.shutterSoundId,
            createdAt: record.createdAt, updatedAt: record.updatedAt)
    }
}

extension Album {
    /// Its photo count and cover follow from its photos once stored.
    package init(_ record: AlbumRecord) {
        self.init(
            stored: AlbumRow(
                id: record.id, petId: record.petId, title: record.title, createdAt: record.createdAt,
                updatedAt: record.updatedAt))
    }
}

extension Photo {
    package init(_ record: PhotoRecord) {
        self.init(
            stored: PhotoRow(
                id: record.id, albumId: record.albumId, sha256: record.sha256, bytes: record.bytes,
                mediaType: record.mediaType, width: record.width, height: record.height,
                orientation: record.orientation, durationSeconds: record.durationSeconds, takenAt: record.takenAt,
                importedAt: record.importedAt, filename: record.filename, memo: record.memo,
                favorite: record.favorite, videoCodec: record.videoCodec, audioCodec: record.audioCodec,
                frameRate: record.frameRate,
                // The day is cut again where the record lands (its diary's zone, for a time with no recorded
                // offset).
                takenOffset: record.takenOffset.flatMap(LocalTime.offset(fromOffsetText:)),
                takenAtSource: record.takenAtSource))
    }
}

extension DiaryEntry {
    /// Its tags as recorded: a restore stores them so; a bundle's merge derives them from the body again.
    package init(_ record: EntryRecord) {
        self.init(
            stored: EntryRow(
                id: record.id, petId: record.petId, title: record.title, body: record.body, date: record.date,
                favorite: record.favorite, createdAt: record.createdAt, updatedAt: record.updatedAt),
            tags: record.tags, photoIds: record.photoIds)
    }
}

extension Note {
    /// Its duration is its sound's.
    package init(_ record: NoteRecord) {
        self.init(
            stored: NoteRow(
                id: record.id, soundId: record.soundId, entryId: record.entryId, photoId: record.photoId,
                createdAt: record.createdAt),
            durationSeconds: record.durationSeconds)
    }
}

extension Sound {
    /// Nil for a kind this toolkit does not know.
    package init?(_ record: SoundRecord) {
        guard let kind = Kind(rawValue: record.kind) else { return nil }
        self.init(
            id: record.id, title: record.title, kind: kind, sha256: record.sha256, bytes: record.bytes,
            durationSeconds: record.durationSeconds, rate: record.rate, channels: record.channels, bits: record.bits,
            createdAt: record.createdAt)
    }
}

extension DiarySettings {
    /// Nil for an order this toolkit does not know.
    package init?(_ record: SettingsRecord) {
        guard let order = ListOrder(rawValue: record.defaultOrder) else { return nil }
        self.init(
            diaryName: record.diaryName, themeColor: record.themeColor, defaultOrder: order,
            titleLimit: record.titleLimit, bodyLimit: record.bodyLimit, shutterSoundId: record.shutterSoundId,
            soundDevice: record.soundDevice, captureDevice: record.captureDevice)
    }
}
