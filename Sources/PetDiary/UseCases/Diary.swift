import Logging
package import FFmpeg
package import Media

/// The pet diary's use cases: every change to the diary goes through here, so that each runs its hook
/// and publishes its event in one place, whoever asks (a JSON-RPC handler, a bundle import, a test).
///
/// Reads need no use case: they go to ``store`` directly. Changes throw domain errors (``DiaryError``,
/// ``MediaError``), never protocol ones; the daemon maps them. Events are published after the commit,
/// through the ``EventSink`` given at `init`; hooks are asked before anything is stored.
package struct Diary: Sendable {
    /// The records; read from it directly.
    package let store: DiaryStore
    /// The photo, video and sound files; read them through ``BlobStore/path(of:)``.
    package let blobs: BlobStore
    let events: any EventSink
    let hooks: any DiaryHooks
    let importer: PhotoImporter
    let thumbnailer: Thumbnailer

    /// The largest photo or video accepted, by default.
    package static let maximumImportBytes: Int64 = 4 << 30

    /// Makes the use cases over one data directory's store and blobs.
    /// - Parameters:
    ///   - store: The records.
    ///   - blobs: The media files.
    ///   - events: Where changes are published.
    ///   - hooks: What is asked before a photo is imported or an entry saved; by default nothing.
    ///   - maximumImportBytes: The largest photo or video accepted.
    ///   - importParallelism: How many files a bulk import reads at once.
    package init(
        store: DiaryStore, blobs: BlobStore, events: any EventSink, hooks: any DiaryHooks = ContinuingHooks(),
        maximumImportBytes: Int64 = Diary.maximumImportBytes, importParallelism: Int = 2, ffmpeg: FFmpeg? = nil
    ) {
        self.store = store
        self.blobs = blobs
        self.events = events
        self.hooks = hooks
        self.importer = PhotoImporter(
            store: store, blobs: blobs, events: events, hooks: hooks, maximumBytes: maximumImportBytes,
            parallelism: importParallelism)
        self.thumbnailer = Thumbnailer(ffmpeg: ffmpeg)
    }

    /// The blob store's clean-up pass over this diary.
    package var maintenance: MaintenancePass { MaintenancePass(store: store, blobs: blobs) }

    /// The end of every delete: removes the blobs the committed delete left without a reference, then
    /// publishes `event`.
    ///
    /// The references are checked again inside the blob store's collection, so an import of the same
    /// bytes committing meanwhile keeps them. A failure is logged, not thrown: the delete is done, and
    /// the maintenance pass collects what is left.
    func finishDeletion(_ result: DeletionResult, publishing event: DiaryEvent, logger: Logger) async {
        let hashes = result.unreferencedBlobs
        if !hashes.isEmpty {
            let store = store
            do {
                try await blobs.removeUnreferenced(
                    hashes, keeping: { try await store.blobReferences.referenced(among: hashes) })
            } catch {
                logger.warning(
                    "Cannot remove unreferenced blobs",
                    metadata: ["blob.count": "\(hashes.count)", "error": "\(error)"])
            }
        }
        events.publish(event)
    }
}
