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
        self.id = id
        self.petId = petId
        self.title = title
        self.photoCount = 0
        self.coverPhotoId = nil
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

extension Photo {
    /// A photo with every stored field given.
    package init(
        id: String, albumId: String, sha256: String, bytes: Int64, mediaType: String, width: Int?, height: Int?,
        orientation: Int?, durationSeconds: Double?, takenAt: String, importedAt: String, filename: String?,
        memo: String, favorite: Bool
    ) {
        self.id = id
        self.albumId = albumId
        self.sha256 = sha256
        self.bytes = bytes
        self.mediaType = mediaType
        self.width = width
        self.height = height
        self.orientation = orientation
        self.durationSeconds = durationSeconds
        self.takenAt = takenAt
        self.importedAt = importedAt
        self.filename = filename
        self.memo = memo
        self.favorite = favorite
        self.duplicate = nil
    }
}

extension DiaryEntry {
    /// An entry with every field given (its tags are recomputed from the body when it is stored).
    package init(
        id: String, petId: String?, title: String, body: String, date: String, favorite: Bool, photoIds: [String],
        createdAt: String, updatedAt: String
    ) {
        self.id = id
        self.petId = petId
        self.title = title
        self.body = body
        self.date = date
        self.favorite = favorite
        self.tags = TagParser.tags(in: body)
        self.photoIds = photoIds
        self.createdAt = createdAt
        self.updatedAt = updatedAt
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
