import Media
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Diary {
    /// The sizes a thumbnail may be asked for.
    package static let thumbnailSizes = Thumbnailer.sizeRange

    /// A JPEG of the photo `id`, its longest side at most `size`, turned upright and never enlarged: made
    /// once, kept as a blob, and found again after.
    /// - Throws: ``DiaryError`` `.invalid` naming `size` out of ``thumbnailSizes``, `.notFound` (also when
    ///   the photo is deleted meanwhile); ``MediaError`` naming `id` when no thumbnail can be made of it.
    package func thumbnail(ofPhoto id: String, size: Int) async throws -> Thumbnail {
        guard Self.thumbnailSizes.contains(size) else {
            throw DiaryError(.invalid, "size \(size) is out of range; ask for 16 to 2048 pixels.", field: "size")
        }
        let photo = try await store.photos.get(id: id)
        if let cached = try await store.blobReferences.thumbnail(of: photo.sha256, size: size),
            let bytes = FileManager.default.contents(atPath: try blobs.path(of: cached))
        {
            return Thumbnail(
                photoId: photo.id, size: size, sha256: cached, path: try blobs.path(of: cached), bytes: [UInt8](bytes))
        }
        let jpeg = try await MediaError.naming("id") {
            try await thumbnailer.thumbnail(
                ofFileAt: try blobs.path(of: photo.sha256), size: size, mediaType: photo.mediaType,
                durationSeconds: photo.durationSeconds)
        }
        let blob = try await blobs.publish(try await blobs.stage(bytes: jpeg))
        defer { blob.release() }
        if try await !store.blobReferences.recordThumbnail(of: photo.sha256, size: size, thumbnailSha256: blob.sha256) {
            throw DiaryError(
                .notFound, "The photo \(photo.id) was deleted while its thumbnail was made.", kind: "photo",
                id: photo.id)
        }
        return Thumbnail(photoId: photo.id, size: size, sha256: blob.sha256, path: blob.path, bytes: jpeg)
    }
}
