import PetDiary

/// The blob store's clean-up: temp files an interrupted import left behind, and blobs no record refers
/// to (a crash between the rename and the commit, or a delete whose file removal failed).
struct MaintenancePass: Sendable {
    struct Report: Encodable, Sendable {
        var temporaries: Int
        var blobs: Int
        var bytes: Int64
    }

    let store: DiaryStore
    let blobs: BlobStore

    /// Runs once. Safe while imports run: blobs still in flight, or committed while it runs, are kept.
    func run() async throws -> Report {
        let temporaries = try await blobs.sweepTemporaries()
        let store = store
        let collected = try await blobs.collectGarbage(keeping: { try await store.referencedBlobs() })
        return Report(temporaries: temporaries, blobs: collected.removed, bytes: collected.bytes)
    }
}
