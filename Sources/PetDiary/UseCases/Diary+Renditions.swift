import Media

/// A video's browser-playable copy as the diary keeps it: a blob of its own, recorded for the original's blob.
package struct StoredRendition: Sendable, Hashable {
    /// The copy's blob.
    package var sha256: String
    /// The blob's path.
    package var path: String
    /// Its size.
    package var bytes: Int64
}

extension Diary {
    /// The video `id`.
    /// - Throws: ``DiaryError`` `.notFound`; `.invalid` naming `id`, reason `not-video`, for a photo.
    package func video(id: String) async throws -> Photo {
        let photo = try await store.photos.get(id: id)
        guard MediaType.isVideo(photo.mediaType) else {
            throw DiaryError(
                .invalid, "\(id) is a photo (\(photo.mediaType)), not a video; only videos have browser copies.",
                kind: "photo", id: id, field: "id", reason: "not-video")
        }
        return photo
    }

    /// The copy recorded for the blob `sha256`, when its file is there.
    /// - Throws: ``DiaryError`` `.storage`.
    package func storedRendition(of sha256: String) async throws -> StoredRendition? {
        guard let row = try await store.blobReferences.rendition(of: sha256), try blobs.contains(row.sha256) else {
            return nil
        }
        return StoredRendition(sha256: row.sha256, path: try blobs.path(of: row.sha256), bytes: row.bytes)
    }

    /// Keeps what `produce` writes as the copy of the blob `sha256`: written into a temp file of the blob store
    /// (a crash leaves no copy under a final name, and the next start's sweep removes it), then published and
    /// recorded. Whatever `produce` throws, cancellation included, nothing is kept.
    /// - Parameter produce: Writes the copy at the path it is given (an empty file).
    /// - Throws: What `produce` throws; ``DiaryError`` `.notFound` naming `photoId` when no photo uses the blob
    ///   any more (the copy is removed again); ``MediaError`` `.io`.
    package func keepRendition(
        of sha256: String, photoId: String, producedBy produce: (String) async throws -> Void
    ) async throws -> StoredRendition {
        let staged = try await blobs.stage(producedBy: produce)
        let blob: Blob
        do {
            blob = try await blobs.publish(staged)
        } catch {
            blobs.discard(staged)
            throw error
        }
        let recorded: Bool
        do {
            recorded = try await store.blobReferences.recordRendition(
                of: sha256, renditionSha256: blob.sha256, bytes: blob.size)
        } catch {
            blob.release()
            throw error
        }
        blob.release()
        guard recorded else {
            let store = store
            _ = try? await blobs.removeUnreferenced(
                [blob.sha256], keeping: { try await store.blobReferences.referenced(among: [blob.sha256]) })
            throw DiaryError(
                .notFound, "The video \(photoId) was deleted while its browser copy was made.", kind: "photo",
                id: photoId)
        }
        return StoredRendition(sha256: blob.sha256, path: blob.path, bytes: blob.size)
    }
}

extension Diary {
    /// Checks that each bundled copy is an MP4, before anything of the bundle is merged.
    /// - Throws: ``DiaryError`` `.invalid` with `kind` `bundle`, `field` the member, reason `not-mp4`.
    package func checkBundledRenditions(_ copies: [BundledRendition]) async throws {
        for copy in copies {
            let type = try? await MediaInspector().inspect(fileAt: copy.blob.temporaryPath).mediaType
            guard type == MediaType.mp4 else {
                throw DiaryError(
                    .invalid,
                    "\(copy.member) is not an MP4 (\(type ?? "not media")); a video's browser copy is one. Nothing "
                        + "was imported.", kind: "bundle", field: copy.member, reason: "not-mp4")
            }
        }
    }

    /// Keeps the bundled copies of the videos the diary now holds, after the merge: a video that has a copy
    /// already keeps its own, and a copy of a video no photo uses is dropped. A copy that cannot be kept is made
    /// again when asked for, so failures are not thrown.
    /// - Returns: How many were kept.
    @discardableResult
    package func keepBundledRenditions(_ copies: [BundledRendition]) async -> Int {
        var kept = 0
        for copy in copies {
            guard (try? await storedRendition(of: copy.original)) == nil,
                let blob = try? await blobs.publish(copy.blob)
            else {
                blobs.discard(copy.blob)
                continue
            }
            let recorded =
                (try? await store.blobReferences.recordRendition(
                    of: copy.original, renditionSha256: blob.sha256, bytes: blob.size)) ?? false
            blob.release()
            if recorded {
                kept += 1
            } else {
                let store = store
                _ = try? await blobs.removeUnreferenced(
                    [blob.sha256], keeping: { try await store.blobReferences.referenced(among: [blob.sha256]) })
            }
        }
        return kept
    }
}
