import Archiving
import Media
import PetDiary

/// A share bundle read and checked against its manifest, its files staged in the blob store's temp area:
/// the record files (to be decoded line by line) and the photo, video and sound files (to be published
/// by the merge). Nothing is visible in the diary yet.
struct StagedBundle: Sendable {
    /// The bundle's manifest.
    var manifest: BundleManifest
    /// `data/<kind>.jsonl` files by kind (`pets`, …), staged as temp files.
    var dataFiles: [String: StagedBlob] = [:]
    /// The photo, video and sound files.
    var files: [BundleFile] = []
    /// The videos' browser-playable copies.
    var renditions: [BundledRendition] = []

    /// Deletes every temp file still staged (published ones are left alone).
    func discard(from blobs: BlobStore) {
        for blob in dataFiles.values { blobs.discard(blob) }
        for file in files where !file.blob.lease.isReleased { blobs.discard(file.blob) }
        for copy in renditions where !copy.blob.lease.isReleased { blobs.discard(copy.blob) }
    }
}
