package import Logging

extension Diary {
    /// Makes an album and publishes `album.created`.
    /// - Throws: ``DiaryError`` `.invalid` (title), `.notFound` (pet).
    package func createAlbum(title: String, petId: String?) async throws -> Album {
        let album = try await store.albums.create(title: title, petId: petId)
        events.publish(.albumCreated(album))
        return album
    }

    /// Gives an album a new title and publishes `album.updated`.
    /// - Throws: ``DiaryError`` `.notFound`, `.invalid`.
    package func renameAlbum(id: String, title: String) async throws -> Album {
        let album = try await store.albums.rename(id: id, title: title)
        events.publish(.albumUpdated(album))
        return album
    }

    /// Deletes an album (with `force`, its photos too), removes the files nothing uses any more and
    /// publishes `album.deleted`.
    /// - Parameter logger: Where a failed file removal is logged.
    /// - Throws: ``DiaryError`` `.notFound`, or `.conflict` when the album has photos.
    package func deleteAlbum(id: String, force: Bool, logger: Logger) async throws -> DeletionResult {
        let result = try await store.albums.delete(id: id, force: force)
        await finishDeletion(result, publishing: .albumDeleted(id: id), logger: logger)
        return result
    }
}
