import Foundation
import JSONRPC
import PetDiary

/// Brings photo and video bytes into the diary: from a path, from base64 bytes, from a URL, or many
/// paths at once. Every import inspects the content, streams it into the blob store (temp file, fsync,
/// rename) and only then commits the row, so a crash leaves either no photo or a complete one.
struct PhotoImporter: Sendable {
    let store: DiaryStore
    let blobs: BlobStore
    let fetcher: RemoteFetcher
    let inspector = MediaInspector()
    /// The largest file accepted.
    let maximumBytes: Int64
    /// How many files a bulk import reads at once.
    let parallelism: Int
    /// How many files a bulk import commits in one transaction.
    let batchSize = 32

    /// Imports the file at `path` (absolute) into the album.
    /// - Throws: -32602 (naming `path`) for a missing, unreadable or non-media file; `DiaryError`.
    func importFile(at path: String, into albumId: String) async throws -> Photo {
        try await store.requireAlbum(id: albumId)
        let staged = try await stage(path: path)
        return try await commit([staged], into: albumId)[0]
    }

    /// Imports base64 bytes named `filename`.
    /// - Throws: -32602 (naming `data`) for bytes that are not base64 or not media we know.
    func importData(base64: String, filename: String?, into albumId: String) async throws -> Photo {
        try await store.requireAlbum(id: albumId)
        guard let data = Data(base64Encoded: base64, options: .ignoreUnknownCharacters) else {
            throw RPCError.invalidParams("data is not base64; send the file's bytes base64-encoded.", field: "data")
        }
        let bytes = [UInt8](data)
        let info = try await mapped(field: "data") { try inspector.inspect(bytes: bytes) }
        let blob = try await mapped(field: "data") { try await blobs.stage(bytes: bytes, limit: maximumBytes) }
        let facts = Self.facts(info, blob, filename: filename, fallbackTakenAt: Date())
        return try await commit([Staged(blob: blob, facts: facts)], into: albumId)[0]
    }

    /// Downloads `url` (http or https; bounded in size and time) and imports it.
    /// - Throws: -32602 (naming `url`) for a bad URL, a failed or too large download, or non-media.
    func importURL(_ text: String, into albumId: String) async throws -> Photo {
        try await store.requireAlbum(id: albumId)
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? "") else {
            throw RPCError.invalidParams("url '\(text)' is not an http or https URL.", field: "url")
        }
        let fetched = try await mapped(field: "url") { try await fetcher.fetch(url) }
        do {
            let info = try await mapped(field: "url") { try await inspector.inspect(fileAt: fetched.staged.temporaryPath) }
            let name = fetched.suggestedFilename ?? url.lastPathComponent
            let facts = Self.facts(info, fetched.staged, filename: name.isEmpty ? nil : name, fallbackTakenAt: Date())
            return try await commit([Staged(blob: fetched.staged, facts: facts)], into: albumId)[0]
        } catch {
            blobs.discard(fetched.staged)
            throw error
        }
    }

    /// One file's outcome in a bulk import.
    enum Outcome: Sendable {
        case imported(Photo)
        case skipped(path: String, reason: String)
    }

    /// Imports many files, reading `parallelism` at a time and committing in batches; a file that
    /// cannot be imported is skipped with its reason, the others go on. `progress` gets the count done.
    /// - Returns: an outcome per path, in the order given.
    func importFiles(at paths: [String], into albumId: String, progress: @Sendable (Int) -> Void) async throws -> [Outcome] {
        try await store.requireAlbum(id: albumId)
        var imported: [Int: Photo] = [:]
        var skipped: [Int: String] = [:]
        var done = 0
        var start = 0
        while start < paths.count {
            try Task.checkCancellation()
            let range = start..<min(start + batchSize, paths.count)
            var readyIndices: [Int] = []
            var readyFiles: [Staged] = []
            for (index, result) in try await stageConcurrently(paths, range) {
                switch result {
                case .success(let staged):
                    readyIndices.append(index)
                    readyFiles.append(staged)
                case .failure(let error):
                    skipped[index] = Self.reason(error)
                }
            }
            let photos = try await commit(readyFiles, into: albumId)
            for (index, photo) in zip(readyIndices, photos) { imported[index] = photo }
            done += range.count
            progress(done)
            start = range.upperBound
        }
        return paths.indices.map { index in
            imported[index].map(Outcome.imported) ?? .skipped(path: paths[index], reason: skipped[index] ?? "not imported")
        }
    }

    // MARK: - Steps

    /// Staged bytes and what was read from them.
    struct Staged: Sendable {
        var blob: StagedBlob
        var facts: PhotoFacts
    }

    private func stage(path: String) async throws -> Staged {
        guard path.hasPrefix("/") else {
            throw RPCError.invalidParams("path '\(path)' is relative; give an absolute path (the core's working directory is not yours).", field: "path")
        }
        let info = try await mapped(field: "path") { try await inspector.inspect(fileAt: path) }
        let blob = try await mapped(field: "path") { try await blobs.stage(fileAt: path, limit: maximumBytes) }
        let modified = (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? Date()
        return Staged(blob: blob, facts: Self.facts(info, blob, filename: (path as NSString).lastPathComponent, fallbackTakenAt: modified))
    }

    /// Stages the files of `range`, `parallelism` at a time; each result keeps its index.
    private func stageConcurrently(_ paths: [String], _ range: Range<Int>) async throws -> [(Int, Result<Staged, any Error>)] {
        try await withThrowingTaskGroup(of: (Int, Result<Staged, any Error>).self) { group in
            var results: [(Int, Result<Staged, any Error>)] = []
            var next = range.lowerBound
            while next < range.upperBound, next - range.lowerBound < parallelism {
                let index = next
                next += 1
                group.addTask { (index, await stageResult(path: paths[index])) }
            }
            while let result = try await group.next() {
                results.append(result)
                if next < range.upperBound {
                    let index = next
                    next += 1
                    group.addTask { (index, await stageResult(path: paths[index])) }
                }
            }
            return results.sorted { $0.0 < $1.0 }
        }
    }

    private func stageResult(path: String) async -> Result<Staged, any Error> {
        do {
            return .success(try await stage(path: path))
        } catch {
            return .failure(error)
        }
    }

    /// Publishes the blobs (fsync, rename, directory fsync), then records the photos in one transaction.
    private func commit(_ staged: [Staged], into albumId: String) async throws -> [Photo] {
        guard !staged.isEmpty else { return [] }
        let published = try await mapped(field: nil) { try await blobs.publish(staged.map(\.blob)) }
        defer { for blob in published { blob.release() } }
        return try await store.addPhotos(staged.map(\.facts), toAlbum: albumId)
    }

    private static func facts(_ info: MediaInfo, _ blob: StagedBlob, filename: String?, fallbackTakenAt: Date) -> PhotoFacts {
        PhotoFacts(
            sha256: blob.sha256, bytes: blob.size, mediaType: info.mediaType, width: info.width, height: info.height,
            orientation: info.orientation, durationSeconds: info.durationSeconds,
            takenAt: Timestamp.string(from: info.takenAt ?? fallbackTakenAt), filename: filename)
    }

    private func mapped<T>(field: String?, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as MediaError {
            throw error.rpcError(field: field)
        }
    }

    private static func reason(_ error: any Error) -> String {
        switch error {
        case let error as RPCError: error.message
        case let error as MediaError: error.message
        default: "\(error)"
        }
    }
}
