import Media
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension PhotoImporter {
    /// Staged bytes, what was read from them, and where they go.
    struct Staged: Sendable {
        var blob: StagedBlob
        var facts: PhotoFacts
        var albumId: String
        /// The path or URL the bytes came from.
        var origin: String?
    }

    /// Reads, checks and stages the bytes of `source`.
    func stage(_ source: PhotoSource, into albumId: String) async throws -> Staged {
        switch source {
        case .file(let path):
            return try await stage(path: path, into: albumId)
        case .base64(let text, let filename):
            guard let data = Data(base64Encoded: text, options: .ignoreUnknownCharacters) else {
                throw DiaryError(.invalid, "data is not base64; send the file's bytes base64-encoded.", field: "data")
            }
            let bytes = [UInt8](data)
            let info = try await MediaError.naming("data") { try inspector.inspect(bytes: bytes) }
            let blob = try await MediaError.naming("data") { try await blobs.stage(bytes: bytes, limit: maximumBytes) }
            let facts = Self.facts(info, blob, filename: filename, fallbackTakenAt: Date(), fallbackSource: "import")
            return Staged(blob: blob, facts: facts, albumId: albumId, origin: nil)
        case .url(let text, let publicOnly):
            guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? "") else {
                throw DiaryError(.invalid, "url '\(text)' is not an http or https URL.", field: "url")
            }
            let fetched = try await MediaError.naming("url") { try await fetcher.fetch(url, publicOnly: publicOnly) }
            do {
                let info = try await MediaError.naming("url") {
                    try await inspector.inspect(fileAt: fetched.staged.temporaryPath)
                }
                let name = fetched.suggestedFilename ?? url.lastPathComponent
                let facts = Self.facts(
                    info, fetched.staged, filename: name.isEmpty ? nil : name, fallbackTakenAt: Date(),
                    fallbackSource: "import")
                return Staged(blob: fetched.staged, facts: facts, albumId: albumId, origin: text)
            } catch var error as MediaError {
                blobs.discard(fetched.staged)
                // The fetched bytes sit in a staging file of the core's; the user knows the URL.
                if error.path == fetched.staged.temporaryPath {
                    error.path = nil
                    error.message = "\(text): \(error.message)"
                }
                throw error
            } catch {
                blobs.discard(fetched.staged)
                throw error
            }
        }
    }

    func stage(path: String, into albumId: String) async throws -> Staged {
        guard path.hasPrefix("/") else {
            throw DiaryError(
                .invalid,
                "path '\(path)' is relative; give an absolute path (the core's working directory is not yours).",
                field: "path")
        }
        let info = try await MediaError.naming("path") { try await inspector.inspect(fileAt: path) }
        let blob = try await MediaError.naming("path") { try await blobs.stage(fileAt: path, limit: maximumBytes) }
        let modified = (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? Date()
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return Staged(
            blob: blob,
            facts: Self.facts(info, blob, filename: name, fallbackTakenAt: modified, fallbackSource: "file"),
            albumId: albumId,
            origin: path)
    }

    /// Asks ``DiaryHooks/beforeImport(_:)`` about `staged`: as proposed, changed, or refused (then the
    /// staged bytes are discarded).
    /// - Throws: ``DiaryError`` `.rejected`, `.notFound` for a changed album that does not exist, or what
    ///   the hook threw.
    func consultHooks(_ staged: Staged) async throws -> Staged {
        let proposal = PhotoProposal(
            albumId: staged.albumId, filename: staged.facts.filename, takenAt: staged.facts.takenAt,
            sha256: staged.facts.sha256, bytes: staged.facts.bytes, mediaType: staged.facts.mediaType,
            width: staged.facts.width, height: staged.facts.height, durationSeconds: staged.facts.durationSeconds,
            origin: staged.origin)
        do {
            switch try await hooks.beforeImport(proposal) {
            case .continue(nil):
                return staged
            case .continue(let changed?):
                if changed.albumId != staged.albumId { try await store.photos.requireAlbum(id: changed.albumId) }
                var result = staged
                result.albumId = changed.albumId
                result.facts.filename = changed.filename
                if changed.takenAt != staged.facts.takenAt {
                    // A time written with a numeric offset says where it was lived; `Z` says only the instant.
                    result.facts.takenAt = changed.takenAt
                    result.facts.takenAtSource = "plugin"
                    result.facts.takenOffset =
                        changed.takenAt.hasSuffix("Z") || changed.takenAt.hasSuffix("z")
                        ? nil : LocalTime.offset(of: changed.takenAt)
                }
                return result
            case .reject(let message):
                throw DiaryError.rejected(by: .photoBeforeImport, message)
            }
        } catch {
            blobs.discard(staged.blob)
            throw error
        }
    }

    /// Stages the files of `range`, `parallelism` at a time, and asks the hook about each; each result
    /// keeps its index.
    func stageConcurrently(
        _ paths: [String], _ range: Range<Int>, into albumId: String
    ) async throws -> [(Int, Result<Staged, any Error>)] {
        try await withThrowingTaskGroup(of: (Int, Result<Staged, any Error>).self) { group in
            var results: [(Int, Result<Staged, any Error>)] = []
            var next = range.lowerBound
            while next < range.upperBound, next - range.lowerBound < parallelism {
                let index = next
                next += 1
                group.addTask { (index, await stageResult(path: paths[index], into: albumId)) }
            }
            while let result = try await group.next() {
                results.append(result)
                if next < range.upperBound {
                    let index = next
                    next += 1
                    group.addTask { (index, await stageResult(path: paths[index], into: albumId)) }
                }
            }
            return results.sorted { $0.0 < $1.0 }
        }
    }

    private func stageResult(path: String, into albumId: String) async -> Result<Staged, any Error> {
        do {
            return .success(try await consultHooks(try await stage(path: path, into: albumId)))
        } catch {
            return .failure(error)
        }
    }

    /// Publishes the blobs (fsync, rename, directory fsync), then records the photos, one transaction
    /// per album (one, unless a hook moved some), and publishes `photo.imported` for each new one.
    /// - Returns: The photos in the order of `staged`.
    func commit(_ staged: [Staged]) async throws -> [Photo] {
        guard !staged.isEmpty else { return [] }
        let published = try await blobs.publish(staged.map(\.blob))
        defer { for blob in published { blob.release() } }
        var photos: [Photo?] = Array(repeating: nil, count: staged.count)
        var albums: [String] = []
        for item in staged where !albums.contains(item.albumId) { albums.append(item.albumId) }
        for album in albums {
            let indices = staged.indices.filter { staged[$0].albumId == album }
            let added = try await store.photos.add(indices.map { staged[$0].facts }, toAlbum: album)
            for (index, photo) in zip(indices, added) { photos[index] = photo }
        }
        let result = photos.compactMap { $0 }
        for photo in result where photo.duplicate != true { events.publish(.photoImported(photo)) }
        return result
    }

    static func facts(
        _ info: MediaInfo, _ blob: StagedBlob, filename: String?, fallbackTakenAt: Date, fallbackSource: String
    ) -> PhotoFacts {
        var facts = PhotoFacts(
            sha256: blob.sha256, bytes: blob.size, mediaType: info.mediaType, width: info.width, height: info.height,
            orientation: info.orientation, durationSeconds: info.durationSeconds,
            takenAt: Timestamp.string(from: info.takenAt ?? fallbackTakenAt), filename: filename)
        (facts.videoCodec, facts.audioCodec, facts.frameRate) = (info.videoCodec, info.audioCodec, info.frameRate)
        facts.takenOffset = info.takenAt == nil ? nil : info.takenAtOffset
        facts.takenAtSource = info.takenAt == nil ? fallbackSource : info.takenAtSource.map { $0.rawValue }
        return facts
    }
}
