package import Media
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Brings photo and video bytes into the diary: from a path, from base64 bytes, from a URL, or many
/// paths at once. The one place photos are imported (`photos.import`, `photos.importMany`, and bundle
/// imports to come).
///
/// Every import inspects the content, streams it into the blob store (temp file, fsync, rename) and only
/// then commits the row, so a crash leaves either no photo or a complete one. Between reading and
/// recording, ``DiaryHooks/beforeImport(_:)`` sees each photo and may change or refuse it; after the
/// commit, each new photo (not a duplicate) is published as ``DiaryEvent/photoImported(_:)``.
package struct PhotoImporter: Sendable {
    let store: DiaryStore
    let blobs: BlobStore
    let fetcher: RemoteFetcher
    let events: any EventSink
    let hooks: any DiaryHooks
    let inspector = MediaInspector()
    /// The largest file accepted.
    let maximumBytes: Int64
    /// How many files a bulk import reads at once.
    let parallelism: Int
    /// How many files a bulk import commits in one transaction.
    let batchSize = 32

    /// Makes an importer.
    /// - Parameters:
    ///   - store: Where photos are recorded.
    ///   - blobs: Where their bytes go.
    ///   - events: Where `photo.imported` is published.
    ///   - hooks: Asked before each photo is recorded.
    ///   - maximumBytes: The largest file accepted, downloads included.
    ///   - parallelism: How many files a bulk import reads at once.
    package init(
        store: DiaryStore, blobs: BlobStore, events: any EventSink, hooks: any DiaryHooks, maximumBytes: Int64,
        parallelism: Int
    ) {
        self.store = store
        self.blobs = blobs
        self.fetcher = RemoteFetcher(store: blobs, limits: FetchLimits(maximumBytes: maximumBytes))
        self.events = events
        self.hooks = hooks
        self.maximumBytes = maximumBytes
        self.parallelism = max(1, parallelism)
    }

    /// Imports one photo or video into the album; the same bytes already there give back that photo,
    /// marked `duplicate`.
    /// - Throws: ``DiaryError`` `.notFound` for an unknown album, `.invalid` naming `path`, `data` or `url`
    ///   for a relative path, bytes that are not base64 or a URL that is not http(s), `.rejected` when a
    ///   hook refused it; ``MediaError`` naming the same field for a missing, unreadable, too large or
    ///   non-media file or a failed download.
    package func importPhoto(from source: PhotoSource, into albumId: String) async throws -> Photo {
        try await store.photos.requireAlbum(id: albumId)
        let staged = try await stage(source, into: albumId)
        do {
            return try await commit([try await consultHooks(staged)])[0]
        } catch {
            blobs.discard(staged.blob)
            throw error
        }
    }

    /// Imports many files, reading `parallelism` at a time and committing in batches; a file that
    /// cannot be imported (or that a hook refuses) is skipped with its reason, the others go on.
    /// - Parameter progress: Gets the count done after each committed batch.
    /// - Returns: An outcome per path, in the order given.
    /// - Throws: ``DiaryError`` `.notFound` for an unknown album, `CancellationError` between batches
    ///   (the batches committed before stay).
    package func importFiles(
        at paths: [String], into albumId: String, progress: @Sendable (Int) -> Void
    ) async throws -> [ImportOutcome] {
        try await store.photos.requireAlbum(id: albumId)
        var imported: [Int: Photo] = [:]
        var skipped: [Int: String] = [:]
        var start = 0
        while start < paths.count {
            try Task.checkCancellation()
            let range = start..<min(start + batchSize, paths.count)
            var readyIndices: [Int] = []
            var readyFiles: [Staged] = []
            for (index, result) in try await stageConcurrently(paths, range, into: albumId) {
                switch result {
                case .success(let staged):
                    readyIndices.append(index)
                    readyFiles.append(staged)
                case .failure(let error):
                    skipped[index] = Self.reason(error)
                }
            }
            let photos = try await commit(readyFiles)
            for (index, photo) in zip(readyIndices, photos) { imported[index] = photo }
            progress(range.upperBound)
            start = range.upperBound
        }
        return paths.indices.map { index in
            imported[index].map(ImportOutcome.imported)
                ?? .skipped(path: paths[index], reason: skipped[index] ?? "not imported")
        }
    }

    private static func reason(_ error: any Error) -> String {
        switch error {
        case let error as DiaryError: error.message
        case let error as MediaError: error.message
        default: "\(error)"
        }
    }
}
