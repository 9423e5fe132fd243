import Glibc
import Hashing

extension BlobStore {
    /// Makes a writer that streams bytes (a download, say) into a new temp file.
    /// - Parameter limit: The most bytes to accept; more throws `MediaError.tooLarge`.
    /// - Throws: `MediaError.io` when the temp file cannot be created.
    package func makeWriter(limit: Int64? = nil) throws -> BlobWriter {
        try BlobWriter(temporaryDirectory: temporaryDirectory, table: table, limit: limit)
    }

    /// Copies the file at `path` into a temp file, hashing it on the way, in 1 MiB reads; the file is
    /// never loaded whole. A file already inside `blobs/tmp` (where `toolkit web` writes an upload) is taken
    /// as it is, hashed in place and moved into the store when published: its caller gives it up.
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
        if let name = nameInTemporaryDirectory(path, info) {
            return try adoptNow(source, named: name)
        }
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

    /// `path`'s name relative to `blobs/tmp` when it is a file of this user's there with no other link, which
    /// the store may take instead of copying; nil for any other file.
    private func nameInTemporaryDirectory(_ path: String, _ info: stat) -> String? {
        guard info.st_nlink == 1, info.st_uid == geteuid(), let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        guard let directory = realpath(temporaryDirectory, nil) else { return nil }
        defer { free(directory) }
        let (file, prefix) = (String(cString: real), String(cString: directory) + "/")
        return file.hasPrefix(prefix) ? String(file.dropFirst(prefix.count)) : nil
    }

    /// Stages the file in place: hashes it, makes it private, and leases it under its name in `blobs/tmp`,
    /// so that publishing renames it into the store and discarding deletes it.
    private func adoptNow(_ source: OpenFile, named name: String) throws -> StagedBlob {
        var hasher = SHA256()
        var size: Int64 = 0
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.chunkSize, alignment: 4096)
        defer { buffer.deallocate() }
        while true {
            let count = try source.read(into: buffer)
            if count == 0 { break }
            hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: buffer[..<count]))
            size += Int64(count)
        }
        guard fchmod(source.descriptor, 0o600) == 0 else {
            throw MediaError.system("could not make the staged file private", path: source.path, errno: errno)
        }
        try source.close()
        let sha256 = BlobHash.hex(hasher.finalize())
        table.register(temporary: name)
        let lease = BlobLease(sha256: sha256, temporary: name, temporaryDirectory: temporaryDirectory, table: table)
        return StagedBlob(sha256: sha256, size: size, temporaryPath: temporaryDirectory + "/" + name, lease: lease)
    }
}
