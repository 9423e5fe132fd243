import Archiving
import Media
package import PetDiary

/// Imports a share bundle into a diary: ``BundleReading`` stages and checks it in one streaming pass, then
/// ``PetDiary/Diary/mergeBundle(_:files:onConflict:)`` resolves every record's references, publishes the
/// files and merges the records in one transaction; the videos' browser copies (`renditions/`) are kept after
/// it. A bad bundle changes nothing: no row, no new blob file, no temp file.
package struct BundleImport: Sendable {
    let diary: Diary
    /// What reading the bundle may cost; the library's defaults suit bundles from anyone.
    var limits = ArchiveLimits()

    /// Makes an importer into `diary`.
    package init(diary: Diary) {
        self.diary = diary
    }

    /// Imports the bundle at `path` (absolute).
    /// - Parameter progress: compressed bytes read and the bundle's size, from the reading thread.
    /// - Throws: `ArchiveError` (-32007 with the member and the reason; -32005 when cancelled) for a bad
    ///   bundle or a record the diary cannot take; `CancellationError`; a storage failure.
    package func importBundle(
        at path: String, onConflict mode: ConflictMode, progress: @escaping @Sendable (Int64, Int64) -> Void
    ) async throws -> MergeSummary {
        let blobs = diary.blobs
        let staged = try await BundleReading(blobs: blobs, limits: limits).stage(bundleAt: path, progress: progress)
        defer { staged.discard(from: blobs) }
        let records = JSONLinesRecords(files: staged.dataFiles.mapValues(\.temporaryPath))
        try records.checkSettings()
        return try await Self.mappingMergeErrors {
            try await diary.checkBundledRenditions(staged.renditions)
            let summary = try await diary.mergeBundle(records, files: staged.files, onConflict: mode)
            await diary.keepBundledRenditions(staged.renditions)
            return summary
        }
    }

    /// Runs a merge (`body`), giving its failures the shape import's callers see: a record the diary cannot
    /// take is -32007 naming the member; a clash under `replace` says which mode would work.
    static func mappingMergeErrors(_ body: () async throws -> MergeSummary) async throws -> MergeSummary {
        do {
            return try await body()
        } catch let error as DiaryError where error.kind == "bundle" {
            throw ArchiveError(
                .verificationFailed, error.message, entry: error.field, reason: error.reason ?? "bad-record")
        } catch let error as DiaryError {
            // A record that could not be read, thrown from inside a database transaction, comes back wrapped.
            if let cause = error.underlying as? ArchiveError { throw cause }
            guard error.code == .conflict else { throw error }
            throw DiaryError(
                .conflict,
                "The bundle's records clash with what is stored (for example, replacing would put two photos of "
                    + "the same bytes in one album); nothing was imported. Import with onConflict skip or duplicate.",
                underlying: error)
        }
    }
}
