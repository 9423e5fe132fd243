import Glibc

extension BlobStore {
    /// Makes a writer that streams bytes (a download, say) into a new temp file.
    /// - Parameter limit: The most bytes to accept; more throws `MediaError.tooLarge`.
    /// - Throws: `MediaError.io` when the temp file cannot be created.
    package func makeWriter(limit: Int64? = nil) throws -> BlobWriter {
        try BlobWriter(temporaryDirectory: temporaryDirectory, table: table, limit: limit)
    }

    /// Copies the file at `path` into a temp file, hashing it on the way, in 1 MiB reads; the file is
    /// never loaded whole.
    /// - Parameters:
    ///   - path: A regular file.
    ///   - limit: The most bytes to accept.
    /// - Throws: `MediaError.unreadable` for a missing, forbidden or non-regular path,
    ///   `MediaError.tooLarge` past `limit`, `MediaError.io`.
    package func stage(fileAt path: String, limit: Int64? = nil) async throws -> StagedBlob {
        let store = self
        return try await BlockingIO.run { try store.stageNow(fileAt: path, limit: limit) }
    }

    /// Writes `bytes` into a temp file.
    /// - Throws: `MediaError.tooLarge` past `limit`, `MediaError.io`.
    package func stage(bytes: [UInt8], limit: Int64? = nil) async throws -> StagedBlob {
        let store = self
        return try await BlockingIO.run {
            let writer = try store.makeWriter(limit: limit)
            try writer.write(bytes)
            return try writer.finish()
        }
    }

    /// Writes the chunks of an async sequence into a temp file, each write off the cooperative pool.
    /// - Throws: What the sequence throws, `MediaError.tooLarge` past `limit`, `MediaError.io`.
    package func stage<Chunks: AsyncSequence>(chunks: Chunks, limit: Int64? = nil) async throws -> StagedBlob
    where Chunks.Element == [UInt8] {
        let writer = try await BlockingIO.run { [self] in try makeWriter(limit: limit) }
        do {
            for try await chunk in chunks {
                try await BlockingIO.run { try writer.write(chunk) }
            }
            return try await BlockingIO.run { try writer.finish() }
        } catch {
            writer.discard()
            throw error
        }
    }

    /// The blocking body of ``stage(fileAt:limit:)``.
    func stageNow(fileAt path: String, limit: Int64?) throws -> StagedBlob {
        let (source, info) = try OpenFile.openRegularForReading(path)
        if let limit, Int64(info.st_size) > limit {
            throw MediaError(
                .tooLarge, "\(path) is \(info.st_size) bytes; the limit is \(limit) bytes", reason: "too-large",
                path: path, limit: limit)
        }
        source.adviseSequential()
        let writer = try makeWriter(limit: limit)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.chunkSize, alignment: 4096)
        defer { buffer.deallocate() }
        do {
            while true {
                let count = try source.read(into: buffer)
                if count == 0 { break }
                try writer.write(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
            }
            // The source will not be read again soon: let the page cache drop it.
            _ = posix_fadvise(source.descriptor, 0, 0, POSIX_FADV_DONTNEED)
            return try writer.finish()
        } catch {
            writer.discard()
            throw error
        }
    }
}
