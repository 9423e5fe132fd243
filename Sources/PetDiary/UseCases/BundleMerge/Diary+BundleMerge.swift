import Audio
import GRDB
import Glibc
import Media

extension Diary {
    /// Merges a bundle's records and files into the diary: the one place share bundles are imported
    /// (`import.bundle`, and archive restores of a part into a running diary).
    ///
    /// In order: every sound file is read by the WAV reader; every record is walked in a read transaction
    /// and each reference resolved (to a record of the bundle or one already stored, a photo's or sound's
    /// bytes to a file of the bundle or one already in the blob store); only then are the files published
    /// (fsync, rename) and the records written in one transaction, by id as `mode` says. A failure at any
    /// step changes nothing: files published for this merge and left unreferenced are removed again.
    ///
    /// The caller owns `files` until this returns, and discards whatever is left staged on failure.
    /// No events are published per record; the caller publishes one for the whole merge.
    /// - Parameters:
    ///   - records: The bundle's records, walked twice.
    ///   - files: The bundle's staged photo, video and sound files.
    ///   - mode: What to do with a record whose id is already stored.
    /// - Returns: What was added, skipped and replaced.
    /// - Throws: ``DiaryError`` `.invalid` with `kind` `bundle`, `field` the member and a `reason` for a record
    ///   or file the diary cannot take; what `records` throws; `CancellationError` before anything is published.
    package func mergeBundle(
        _ records: some BundleRecords, files: [BundleFile], onConflict mode: ConflictMode
    ) async throws -> MergeSummary {
        for file in files where file.isSound { try await Self.checkWAV(file) }
        let bundled = Dictionary(files.map { ($0.blob.sha256, $0.blob.size) }, uniquingKeysWith: { first, _ in first })
        let blobs = blobs
        let blobSize: @Sendable (String) -> Int64? = { sha256 in
            if let size = bundled[sha256] { return size }
            guard let path = try? blobs.path(of: sha256) else { return nil }
            var info = stat()
            return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG ? Int64(info.st_size) : nil
        }
        // The check reads the staged record files: blocking work, so off the cooperative pool.
        let writer = store.writer
        _ = try await BlockingIO.run {
            try writer.read { db in
                var check = BundleMergePass(db: db, mode: mode, apply: false, blobSize: blobSize)
                try check.run(records)
                return check.summary
            }
        }
        try Task.checkCancellation()
        let published = try await blobs.publish(files.map(\.blob))
        let added = published.filter { !$0.alreadyStored }.map(\.sha256)
        do {
            let summary = try await store.write { db in
                var pass = BundleMergePass(db: db, mode: mode, apply: true, blobSize: blobSize)
                try pass.run(records)
                try PhotoDays.cut(db, in: store.timeZone)
                return pass.summary
            }
            for blob in published { blob.release() }
            return summary
        } catch {
            for blob in published { blob.release() }
            let store = store
            _ = try? await blobs.removeUnreferenced(
                added, keeping: { try await store.blobReferences.referenced(among: added) })
            throw error
        }
    }

    /// Reads a bundle's sound file with the WAV reader, as `sounds.import` does.
    /// - Throws: ``DiaryError`` `.invalid` naming the member, reason `malformed-wav` or `unsupported-wav`.
    private static func checkWAV(_ file: BundleFile) async throws {
        let path = file.blob.temporaryPath
        try await BlockingIO.run {
            do {
                _ = try WAVReader(path: path).info
            } catch let error as AudioError {
                throw DiaryError(
                    .invalid,
                    "\(file.member) is not a WAV file the toolkit can play: \(error.message); nothing was imported.",
                    kind: "bundle", field: file.member,
                    reason: error.code == .unsupportedFormat ? "unsupported-wav" : "malformed-wav")
            }
        }
    }
}
