// Memberwise initializers for building records outside this module: a share bundle's records, decoded by
// the daemon, come in through these.

extension Pet {
    /// A pet with every field given (the memberwise initializer, for other modules).
    package static func make(
        id: String, name: String, species: String?, breed: String?, birthday: String?, notes: String?,
        shutterSoundId: String?, createdAt: String, updatedAt: String
    ) -> Pet {
        Pet(
            id: id, name: name, species: species, breed: breed, birthday: birthday, notes: notes,
            shutterSoundId: shutterSoundId, createdAt: createdAt, updatedAt: updatedAt)
    }
}

extension Album {
    /// An album with its stored fields given (the counted ones are 0 and nil).
    package init(id: String, petId: String?, title: String, createdAt: String, updatedAt: String) {
        self.init(
            stored: AlbumRow(id: id, petId: petId, title: title, createdAt: createdAt, updatedAt: updatedAt),
            photoCount: 0, coverPhotoId: nil)
    }
}

extension Photo {
    /// A photo with every stored field given.
    package init(
        id: String, albumId: String, sha256: String, bytes: Int64, mediaType: String, width: Int?, height: Int?,
        orientation: Int?, durationSeconds: Double?, takenAt: String, importedAt: String, filename: String?,
        memo: String, favorite: Bool
    ) {
        self.init(
            stored: PhotoRow(
                id: id, albumId: albumId, sha256: sha256, bytes: bytes, mediaType: mediaType, width: width,
                height: height, orientation: orientation, durationSeconds: durationSeconds, takenAt: takenAt,
                importedAt: importedAt, filename: filename, memo: memo, favorite: favorite),
            duplicate: nil)
    }
}

extension DiaryEntry {
    /// An entry with every field given (its tags are recomputed from the body when it is stored).
    package init(
        id: String, petId: String?, title: String, body: String, date: String, favorite: Bool, photoIds: [String],
        createdAt: String, updatedAt: String
    ) {
        self.init(
            stored: EntryRow(
                id: id, petId: petId, title: title, body: body, date: date, favorite: favorite, createdAt: createdAt,
                updatedAt: updatedAt),
            tags: TagParser.tags(in: body), photoIds: photoIds)
    }
}

extension Sound {
    /// A sound with every field given (the memberwise initializer, for other modules).
    package static func make(
        id: String, title: String, kind: Kind, sha256: String, bytes: Int64, durationSeconds: Double, rate: Int,
        channels: Int, bits: Int, createdAt: String
    ) -> Sound {
        Sound(
            id: id, title: title, kind: kind, sha256: sha256, bytes: bytes, durationSeconds: durationSeconds,
            rate: rate, channels: channels, bits: bits, createdAt: createdAt)
    }
}
