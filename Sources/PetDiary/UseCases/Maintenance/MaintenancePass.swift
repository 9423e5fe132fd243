package import Media
/// The blob store's clean-up: temp files an interrupted import left behind, and blobs no record refers
/// to (a crash between the rename and the commit, or a delete whose file removal failed).
package struct MaintenancePass: Sendable {
    /// What one pass removed.
    package struct Report: Sendable, Hashable {
        /// Temp files of dead imports.
        package var temporaries: Int
        /// Blobs nothing referred to.
        package var blobs: Int
        /// The bytes of those blobs.
        package var bytes: Int64
    }

    let store: DiaryStore
    let blobs: BlobStore

    /// Makes the pass over `store`'s references and the files of `blobs`.
    package init(store: DiaryStore, blobs: BlobStore) {
        self.store = store
        self.blobs = blobs
    }

    /// Runs once. Safe while imports run: blobs still in flight, or committed while it runs, are kept.
    /// - Throws: ``DiaryError`` `.storage` when the references cannot be read, ``MediaError`` `.io`.
    package func run() async throws -> Report {
        let temporaries = try await blobs.sweepTemporaries()
        let store = store
        let collected = try await blobs.collectGarbage(keeping: { try await store.blobReferences.referenced() })
        return Report(temporaries: temporaries, blobs: collected.removed, bytes: collected.bytes)
    }
}
