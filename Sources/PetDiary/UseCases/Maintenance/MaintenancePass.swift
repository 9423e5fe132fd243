package import Media
/// The blob store's clean-up: temp files an interrupted import left behind, and blobs no record refers
/// to (a crash between the rename and the commit, or a delete whose file removal failed); and the codecs and
/// frame rate of videos imported before the toolkit read them, from their headers.
package struct MaintenancePass: Sendable {
    /// What one pass removed.
    package struct Report: Sendable, Hashable {
        /// Temp files of dead imports.
        package var temporaries: Int
        /// Blobs nothing referred to.
        package var blobs: Int
        /// The bytes of those blobs.
        package var bytes: Int64
        /// Videos whose codecs and frame rate were filled in.
        package var videosDescribed: Int = 0
    }

    /// The most videos a pass reads again: header reads only, a few milliseconds each.
    static let videosPerPass = 10_000

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
        return Report(
            temporaries: temporaries, blobs: collected.removed, bytes: collected.bytes,
            videosDescribed: try await describeVideos())
    }

    /// Fills in the codecs and frame rate of videos that have none recorded, reading each blob's headers again
    /// (a blob that is gone or no longer reads is left as it is). A container that gives none is read again at
    /// the next pass, which costs a few small reads.
    private func describeVideos() async throws -> Int {
        var described = 0
        let inspector = MediaInspector()
        for video in try await store.photos.videosWithoutDetails(limit: Self.videosPerPass) {
            guard let info = try? await inspector.inspect(fileAt: try blobs.path(of: video.sha256)),
                info.videoCodec != nil || info.audioCodec != nil || info.frameRate != nil
            else { continue }
            described += try await store.photos.recordVideoDetails(
                of: video.sha256, videoCodec: info.videoCodec, audioCodec: info.audioCodec, frameRate: info.frameRate)
        }
        return described
    }
}
