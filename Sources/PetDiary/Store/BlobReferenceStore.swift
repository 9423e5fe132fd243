import GRDB

/// What the database says of the blob store: which blobs records use, the cached thumbnails and the videos'
/// browser-playable copies.
package struct BlobReferenceStore: Sendable {
    let store: DiaryStore
}

extension BlobReferenceStore {
    /// Of `hashes`, those no photo, sound, thumbnail or rendition references any more; drops the thumbnails and
    /// renditions of those photos on the way and adds their own blobs when nothing else uses them.
    static func unreferenced(_ db: Database, _ hashes: [String]) throws -> [String] {
        var gone: [String] = []
        for hash in Set(hashes) {
            guard try !isReferenced(db, hash) else { continue }
            gone.append(hash)
            let thumbnailsOfHash = ThumbnailRow.filter(ThumbnailRow.Columns.sha256 == hash)
            let renditionsOfHash = RenditionRow.filter(RenditionRow.Columns.sha256 == hash)
            let thumbnails = try thumbnailsOfHash.select(ThumbnailRow.Columns.thumbnailSha256, as: String.self)
                .fetchAll(db)
            let renditions = try renditionsOfHash.select(RenditionRow.Columns.renditionSha256, as: String.self)
                .fetchAll(db)
            try thumbnailsOfHash.deleteAll(db)
            try renditionsOfHash.deleteAll(db)
            for derived in thumbnails + renditions where try !isReferenced(db, derived) {
                gone.append(derived)
            }
        }
        return gone
    }

    static func isReferenced(_ db: Database, _ hash: String) throws -> Bool {
        // Hand SQL: one statement over four tables, run for every blob a delete or a collection looks at.
        try Bool.fetchOne(
            db,
            sql: """
                SELECT EXISTS(SELECT 1 FROM photo WHERE sha256 = ?1)
                    OR EXISTS(SELECT 1 FROM sound WHERE sha256 = ?1)
                    OR EXISTS(SELECT 1 FROM thumbnail WHERE thumbnailSha256 = ?1)
                    OR EXISTS(SELECT 1 FROM rendition WHERE renditionSha256 = ?1)
                """,
            arguments: [hash]) ?? false
    }

    /// Those of `hashes` that a photo, a sound, a cached thumbnail or a rendition still refers to.
    package func referenced(among hashes: [String]) async throws -> Set<String> {
        try await store.read { db in
            Set(try hashes.filter { try Self.isReferenced(db, $0) })
        }
    }

    /// Every blob the database refers to: photos, sounds, cached thumbnails and renditions. The blob collector
    /// keeps these.
    package func referenced() async throws -> Set<String> {
        try await store.read { db in
            var hashes = Set(try PhotoRow.select(PhotoRow.Columns.sha256, as: String.self).distinct().fetchAll(db))
            hashes.formUnion(try Sound.select(Sound.Columns.sha256, as: String.self).distinct().fetchAll(db))
            hashes.formUnion(
                try ThumbnailRow.select(ThumbnailRow.Columns.thumbnailSha256, as: String.self).fetchAll(db))
            hashes.formUnion(
                try RenditionRow.select(RenditionRow.Columns.renditionSha256, as: String.self).fetchAll(db))
            return hashes
        }
    }

    /// The cached thumbnail of the blob `sha256` at `size`, if one was made.
    package func thumbnail(of sha256: String, size: Int) async throws -> String? {
        try await store.read { db in
            try ThumbnailRow.filter(ThumbnailRow.Columns.sha256 == sha256 && ThumbnailRow.Columns.size == size)
                .select(ThumbnailRow.Columns.thumbnailSha256, as: String.self).fetchOne(db)
        }
    }

    /// Remembers a thumbnail made for the blob `sha256`, while a photo still uses that blob.
    /// - Returns: false when no photo uses `sha256` any more (the caller may remove the thumbnail's blob).
    package func recordThumbnail(of sha256: String, size: Int, thumbnailSha256: String) async throws -> Bool {
        try await store.write { db in
            guard try !PhotoRow.filter(PhotoRow.Columns.sha256 == sha256).isEmpty(db) else { return false }
            try ThumbnailRow(sha256: sha256, size: size, thumbnailSha256: thumbnailSha256)
                .insert(db, onConflict: .replace)
            return true
        }
    }
}

extension BlobReferenceStore {
    /// The browser-playable copy made of the blob `sha256`: its blob and size, if one was made.
    package func rendition(of sha256: String) async throws -> (sha256: String, bytes: Int64)? {
        try await store.read { db in
            try RenditionRow.fetchOne(db, key: sha256).map { (sha256: $0.renditionSha256, bytes: $0.bytes) }
        }
    }

    /// One video of each video blob that has no browser-playable copy.
    package func videosWithoutRenditions() async throws -> [Photo] {
        try await store.read { db in
            let copied = RenditionRow.select(RenditionRow.Columns.sha256)
            return try PhotoRow.filter(
                PhotoRow.Columns.mediaType.like("video/%") && !copied.contains(PhotoRow.Columns.sha256)
            )
            .group(PhotoRow.Columns.sha256).asRequest(of: Photo.self).fetchAll(db)
        }
    }

    /// Every browser-playable copy made: the video's blob → the copy's.
    package func renditions() async throws -> [String: String] {
        try await store.read { db in
            Dictionary(
                try RenditionRow.fetchAll(db).map { ($0.sha256, $0.renditionSha256) }, uniquingKeysWith: { $1 })
        }
    }

    /// Remembers the browser-playable copy of the blob `sha256`, while a photo still uses that blob.
    /// - Returns: false when no photo uses `sha256` any more (the caller removes the copy's blob).
    package func recordRendition(of sha256: String, renditionSha256: String, bytes: Int64) async throws -> Bool {
        try await store.write { db in
            guard try !PhotoRow.filter(PhotoRow.Columns.sha256 == sha256).isEmpty(db) else { return false }
            try RenditionRow(sha256: sha256, renditionSha256: renditionSha256, bytes: bytes, createdAt: Timestamp.now())
                .insert(db, onConflict: .replace)
            return true
        }
    }
}
