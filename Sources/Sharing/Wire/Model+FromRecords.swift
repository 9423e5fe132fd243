package import PetDiary
package import ToolkitAPI

// The diary's models from their wire records, as a bundle or an archive holds them: one conversion for
// `import.bundle` and `archive.restore` alike.

extension Pet {
    package init(_ record: PetRecord) {
        self = Pet.make(
            id: record.id, name: record.name, species: record.species, breed: record.breed,
            birthday: record.birthday, notes: record.notes, shutterSoundId: record.shutterSoundId,
            createdAt: record.createdAt, updatedAt: record.updatedAt)
    }
}

extension Album {
    /// Its photo count and cover follow from its photos once stored.
    package init(_ record: AlbumRecord) {
        self.init(
            id: record.id, petId: record.petId, title: record.title, createdAt: record.createdAt,
            updatedAt: record.updatedAt)
    }
}

extension Photo {
    package init(_ record: PhotoRecord) {
        self.init(
            id: record.id, albumId: record.albumId, sha256: record.sha256, bytes: record.bytes,
            mediaType: record.mediaType, width: record.width, height: record.height,
            orientation: record.orientation, durationSeconds: record.durationSeconds, takenAt: record.takenAt,
            importedAt: record.importedAt, filename: record.filename, memo: record.memo, favorite: record.favorite)
        (self.videoCodec, self.audioCodec, self.frameRate) = (record.videoCodec, record.audioCodec, record.frameRate)
        // The day is cut again where the record lands (its diary's zone, for a time with no recorded offset).
        self.takenOffset = record.takenOffset.flatMap(LocalTime.offset(fromOffsetText:))
        self.takenAtSource = record.takenAtSource
    }
}
