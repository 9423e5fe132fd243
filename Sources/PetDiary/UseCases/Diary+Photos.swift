package import Logging

extension Diary {
    /// Imports one photo or video (see ``PhotoImporter``); publishes `photo.imported` unless the same
    /// bytes were already in the album (then that photo comes back with `duplicate == true`).
    /// - Throws: ``DiaryError`` `.notFound` (album), `.invalid` or ``MediaError`` naming the source's field
    ///   (`path`, `data`, `url`), `.rejected` when `photo.beforeImport` refused it.
    package func importPhoto(from source: PhotoSource, into albumId: String) async throws -> Photo {
        try await importer.importPhoto(from: source, into: albumId)
    }

    /// Imports many files, skipping (with the reason) those that cannot be imported or that a hook
    /// refuses; publishes `photo.imported` for each new photo as its batch commits.
    /// - Parameter progress: Gets the count of files done after each committed batch.
    /// - Returns: An outcome per path, in the order given.
    /// - Throws: ``DiaryError`` `.notFound` (album), `CancellationError` between batches.
    package func importPhotos(
        at paths: [String], into albumId: String, progress: @Sendable (Int) -> Void
    ) async throws -> [ImportOutcome] {
        try await importer.importFiles(at: paths, into: albumId, progress: progress)
    }

    /// Changes a photo's memo, favourite mark or album and publishes `photo.updated`.
    /// - Throws: ``DiaryError`` `.notFound`, `.invalid`, `.conflict` (the album has the same bytes).
    package func updatePhoto(id: String, _ changes: PhotoChanges) async throws -> Photo {
        let photo = try await store.photos.update(id: id, changes)
        events.publish(.photoUpdated(photo))
        return photo
    }

    /// Deletes a photo, removes its file when nothing else uses the bytes, and publishes `photo.deleted`.
    /// - Parameter logger: Where a failed file removal is logged.
    /// - Throws: ``DiaryError`` `.notFound`.
    package func deletePhoto(id: String, logger: Logger) async throws -> DeletionResult {
        let result = try await store.photos.delete(id: id)
        await finishDeletion(result, publishing: .photoDeleted(id: id), logger: logger)
        return result
    }
}
