import GRDB

/// What is known of a photo's bytes when it is imported: its blob and what was read from it.
package struct PhotoFacts: Sendable {
    package var sha256: String
    package var bytes: Int64
    package var mediaType: String
    package var width: Int?
    package var height: Int?
    package var orientation: Int?
    package var durationSeconds: Double?
    /// For videos: the codecs and frame rate the container gives (see ``PhotoRow``).
    package var videoCodec: String?
    package var audioCodec: String?
    package var frameRate: Double?
    /// RFC 3339; EXIF capture time, else the file's time.
    package var takenAt: String
    /// The offset (seconds east of UTC) the file recorded `takenAt` at, when it names one.
    package var takenOffset: Int?
    /// Where `takenAt` came from (see ``PhotoRow/takenAtSource``).
    package var takenAtSource: String?
    package var filename: String?

    package init(
        sha256: String, bytes: Int64, mediaType: String, width: Int? = nil, height: Int? = nil,
        orientation: Int? = nil, durationSeconds: Double? = nil, takenAt: String, filename: String? = nil
    ) {
        self.sha256 = sha256
        self.bytes = bytes
        self.mediaType = mediaType
        self.width = width
        self.height = height
        self.orientation = orientation
        self.durationSeconds = durationSeconds
        self.takenAt = takenAt
        self.filename = filename
    }
}

/// Which photos `photos.list` returns.
package struct PhotoFilter: Sendable, Hashable {
    package var albumId: String?
    package var petId: String?
    /// `photo` or `video`; both kinds when nil.
    package var kind: String?
    package var favorite: Bool?
    /// A day or an RFC 3339 time; `to` includes the whole of a day.
    package var from: String?
    package var to: String?

    package init(
        albumId: String? = nil, petId: String? = nil, kind: String? = nil, favorite: Bool? = nil, from: String? = nil,
        to: String? = nil
    ) {
        self.albumId = albumId
        self.petId = petId
        self.kind = kind
        self.favorite = favorite
        self.from = from
        self.to = to
    }
}

/// What `photos.update` changes; nil leaves a field as it is.
package struct PhotoChanges: Sendable {
    package var memo: String?
    package var favorite: Bool?
    package var albumId: String?

    package init(memo: String? = nil, favorite: Bool? = nil, albumId: String? = nil) {
        self.memo = memo
        self.favorite = favorite
        self.albumId = albumId
    }
}

/// The photos' and videos' records (their bytes are in the blob store).
package struct PhotoStore: Sendable {
    let store: DiaryStore
}

extension PhotoStore {
    static let memoLimit = 1000
    /// A photo's row with its voice notes (`noteList`, read by ``Photo``).
    static let photoSelect =
        "SELECT photo.*, \(NoteStore.noteListColumn(of: PhotoRow.databaseTableName)) FROM photo"

    /// Fails early, before any bytes are copied, when the album does not exist.
    /// - Throws: ``DiaryError`` `.notFound`.
    package func requireAlbum(id: String) async throws {
        try await store.read { db in try DiaryStore.requireExists(db, AlbumRow.self, id) }
    }

    /// Records imported photos in one transaction. Bytes already in the album give back the photo that
    /// is there, marked `duplicate`. The blobs must already be in the blob store.
    /// - Throws: ``DiaryError`` `.notFound` when the album is gone.
    package func add(_ facts: [PhotoFacts], toAlbum albumId: String) async throws -> [Photo] {
        try await store.write { db in
            try DiaryStore.requireExists(db, AlbumRow.self, albumId)
            let importedAt = Timestamp.now()
            return try facts.map { fact in
                // Hand SQL: photoSelect, the photo with its voice notes in one statement.
                if var existing = try Photo.fetchOne(
                    db, sql: Self.photoSelect + " WHERE albumId = ? AND sha256 = ?", arguments: [albumId, fact.sha256])
                {
                    existing.duplicate = true
                    return existing
                }
                var photo = Photo(
                    stored: PhotoRow(
                        id: DiaryStore.newID(), albumId: albumId, sha256: fact.sha256, bytes: fact.bytes,
                        mediaType: fact.mediaType, width: fact.width, height: fact.height,
                        orientation: fact.orientation, durationSeconds: fact.durationSeconds,
                        takenAt: Timestamp.normalized(fact.takenAt) ?? importedAt, importedAt: importedAt,
                        filename: fact.filename, memo: "", favorite: false, videoCodec: fact.videoCodec,
                        audioCodec: fact.audioCodec, frameRate: fact.frameRate, takenOffset: fact.takenOffset,
                        takenAtSource: fact.takenAtSource))
                PhotoDays.cut(&photo.stored, in: store.timeZone)
                try photo.stored.insert(db)
                photo.duplicate = false
                return photo
            }
        }
    }

    /// The photo with `id`.
    /// - Throws: ``DiaryError`` `.notFound`.
    package func get(id: String) async throws -> Photo {
        try await store.read { db in try Self.fetchPhoto(db, id) }
    }

    /// Photos by taken-at time, filtered.
    /// - Throws: ``DiaryError`` `.notFound` for an unknown album or pet, `.invalid` for bad bounds.
    package func list(_ filter: PhotoFilter, page: PageRequest) async throws -> Page<Photo> {
        try await store.read { db in
            var conditions: [String] = []
            var arguments = StatementArguments()
            if let albumId = filter.albumId {
                try DiaryStore.requireExists(db, AlbumRow.self, albumId)
                conditions.append("albumId = ?")
                arguments += [albumId]
            }
            if let petId = filter.petId {
                try DiaryStore.requireExists(db, Pet.self, petId)
                conditions.append("albumId IN (SELECT id FROM album WHERE petId = ?)")
                arguments += [petId]
            }
            switch filter.kind {
            case nil: break
            case "photo": conditions.append("mediaType NOT LIKE 'video/%'")
            case "video": conditions.append("mediaType LIKE 'video/%'")
            case let kind?: throw DiaryError.invalid("kind", "kind '\(kind)' is not photo or video.")
            }
            if let favorite = filter.favorite {
                conditions.append("favorite = ?")
                arguments += [favorite]
            }
            try Self.appendTakenBounds(from: filter.from, to: filter.to, &conditions, &arguments)
            let scope = [
                "photos", filter.albumId ?? "", filter.petId ?? "", filter.kind ?? "",
                filter.favorite.map(String.init) ?? "",
                filter.from ?? "", filter.to ?? "",
            ].joined(separator: "|")
            // Hand SQL: a keyset page (see Keyset).
            return try Keyset(columns: ["takenAt", "importedAt", "id"], scope: scope).fetchPage(
                db, select: Self.photoSelect, conditions: conditions, arguments: arguments, page: page,
                defaultOrder: try SettingsStore.defaultOrder(db), signingKey: store.cursorKey,
                item: { try Photo(row: $0) })
        }
    }

    /// Changes a photo's memo, favourite mark or album.
    /// - Throws: ``DiaryError`` `.notFound`, `.invalid` (memo too long), `.conflict` (the target album
    ///   has the same bytes already).
    package func update(id: String, _ changes: PhotoChanges) async throws -> Photo {
        let memo = try changes.memo.map { try TextRules.limited($0, field: "memo", limit: Self.memoLimit) }
        return try await store.write { db in
            var photo = try Self.fetchPhoto(db, id)
            if let memo { photo.memo = memo }
            if let favorite = changes.favorite { photo.favorite = favorite }
            if let albumId = changes.albumId, albumId != photo.albumId {
                try DiaryStore.requireExists(db, AlbumRow.self, albumId)
                let same = PhotoRow.filter(
                    PhotoRow.Columns.albumId == albumId && PhotoRow.Columns.sha256 == photo.sha256)
                if try !same.isEmpty(db) {
                    throw DiaryError(
                        .conflict, "The album \(albumId) already has these bytes as another photo; nothing was moved.",
                        kind: "album", id: albumId)
                }
                photo.albumId = albumId
            }
            try photo.stored.update(db)
            return photo
        }
    }

    /// Deletes a photo (and takes it out of the entries that show it) with its voice notes, and their recorded
    /// sounds when nothing else uses them.
    /// - Throws: ``DiaryError`` `.notFound`.
    package func delete(id: String) async throws -> DeletionResult {
        try await store.write { db in
            let photo = try Self.fetchPhoto(db, id)
            try PhotoRow.deleteOne(db, key: id)
            let hashes = [photo.sha256] + (try NoteStore.deleteUnusedNoteSounds(db))
            return DeletionResult(photos: 1, unreferencedBlobs: try BlobReferenceStore.unreferenced(db, hashes))
        }
    }

    static func fetchPhoto(_ db: Database, _ id: String) throws -> Photo {
        // Hand SQL: a cached statement of photoSelect (prepared once; compiling cost more than running it).
        guard
            let photo = try Photo.fetchOne(
                db.cachedStatement(sql: photoSelect + " WHERE photo.id = ?"), arguments: [id])
        else {
            throw DiaryError.notFound("photo", id)
        }
        return photo
    }

    /// Adds the bounds of a `from`/`to` filter on when photos were taken: a day bounds the photos' days (the
    /// local day each was taken on, so `to` includes all of it), an RFC 3339 time bounds the instant.
    static func appendTakenBounds(
        from: String?, to: String?, _ conditions: inout [String], _ arguments: inout StatementArguments
    ) throws {
        for (field, bound, comparison) in [("from", from, ">="), ("to", to, "<=")] {
            guard let bound else { continue }
            if DiaryDay.isValid(bound) {
                conditions.append("takenDay \(comparison) ?")
                arguments += [bound]
            } else if let time = Timestamp.normalized(bound) {
                conditions.append("takenAt \(comparison) ?")
                arguments += [time]
            } else {
                throw DiaryError.invalid(
                    field, "\(field) '\(bound)' is neither a day (YYYY-MM-DD) nor an RFC 3339 time.")
            }
        }
    }
}
