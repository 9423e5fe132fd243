import GRDB

/// The albums of the diary, with their photo counts and covers.
package struct AlbumStore: Sendable {
    let store: DiaryStore
}

extension AlbumStore {
    static let titleLimit = 50

    /// The album row with its photo count and cover (its newest photo). Hand SQL: two correlated subqueries on
    /// `photo`, read with every album.
    static let albumSelect = """
        SELECT album.*,
            (SELECT COUNT(*) FROM photo WHERE photo.albumId = album.id) AS photoCount,
            (SELECT id FROM photo WHERE photo.albumId = album.id
                ORDER BY takenAt DESC, importedAt DESC, id DESC LIMIT 1) AS coverPhotoId
        FROM album
        """

    /// Adds an album, for one pet or for none.
    /// - Throws: ``DiaryError`` `.invalid` for the title, `.notFound` for an unknown pet.
    package func create(title: String, petId: String?) async throws -> Album {
        let title = try TextRules.required(title, field: "title", limit: Self.titleLimit)
        let now = Timestamp.now()
        let album = Album(
            stored: AlbumRow(id: DiaryStore.newID(), petId: petId, title: title, createdAt: now, updatedAt: now))
        return try await store.write { db in
            if let petId { try DiaryStore.requireExists(db, Pet.self, petId) }
            try album.stored.insert(db)
            return album
        }
    }

    /// The album with `id`.
    /// - Throws: ``DiaryError`` `.notFound`.
    package func get(id: String) async throws -> Album {
        try await store.read { db in try Self.fetchAlbum(db, id) }
    }

    /// Albums, of one pet or all, by when they were made.
    package func list(petId: String?, page: PageRequest) async throws -> Page<Album> {
        try await store.read { db in
            var conditions: [String] = []
            var arguments = StatementArguments()
            if let petId {
                try DiaryStore.requireExists(db, Pet.self, petId)
                conditions.append("album.petId = ?")
                arguments += [petId]
            }
            // Hand SQL: a keyset page (see Keyset).
            return try Keyset(columns: ["album.createdAt", "album.id"], scope: "albums|\(petId ?? "")").fetchPage(
                db, select: Self.albumSelect, conditions: conditions, arguments: arguments, page: page,
                defaultOrder: try SettingsStore.defaultOrder(db), signingKey: store.cursorKey,
                item: { try Album(row: $0) })
        }
    }

    /// Gives an album a new title.
    /// - Throws: ``DiaryError`` `.notFound`, `.invalid`.
    package func rename(id: String, title: String) async throws -> Album {
        let title = try TextRules.required(title, field: "title", limit: Self.titleLimit)
        return try await store.write { db in
            try DiaryStore.requireExists(db, AlbumRow.self, id)
            try AlbumRow.filter(key: id).updateAll(
                db, AlbumRow.Columns.title.set(to: title), AlbumRow.Columns.updatedAt.set(to: Timestamp.now()))
            return try Self.fetchAlbum(db, id)
        }
    }

    /// Deletes an album; one with photos is refused unless `force`, which deletes its photos too.
    /// - Throws: ``DiaryError`` `.notFound`, `.conflict`.
    package func delete(id: String, force: Bool) async throws -> DeletionResult {
        try await store.write { db in
            let album = try Self.fetchAlbum(db, id)
            guard force || album.photoCount == 0 else {
                throw DiaryError(
                    .conflict,
                    "The album has \(album.photoCount) photo(s); delete them first, "
                        + "or pass force: true to delete them with the album.",
                    kind: "album", id: id)
            }
            let hashes = try PhotoRow.filter(PhotoRow.Columns.albumId == id)
                .select(PhotoRow.Columns.sha256, as: String.self).fetchAll(db)
            try AlbumRow.deleteOne(db, key: id)
            let noteHashes = try NoteStore.deleteUnusedNoteSounds(db)
            return DeletionResult(
                albums: 1, photos: album.photoCount,
                unreferencedBlobs: try BlobReferenceStore.unreferenced(db, hashes + noteHashes))
        }
    }

    static func fetchAlbum(_ db: Database, _ id: String) throws -> Album {
        // Hand SQL: a cached statement (prepared once; compiling cost more than running it).
        guard
            let album = try Album.fetchOne(
                db.cachedStatement(sql: Self.albumSelect + " WHERE album.id = ?"), arguments: [id])
        else {
            throw DiaryError.notFound("album", id)
        }
        return album
    }
}
