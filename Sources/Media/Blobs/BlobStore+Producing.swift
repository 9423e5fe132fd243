import Hashing
import Glibc

extension BlobStore {
    /// Stages a file that `produce` writes itself at the path it is given (a recording, written by the Audio
    /// library period by period): a new temp file under `blobs/tmp`, registered so that a sweep leaves it,
    /// hashed once `produce` returns, in 1 MiB reads.
    ///
    /// Whatever `produce` throws (a device error, `CancellationError`), the temp file is deleted before the
    /// error is rethrown: nothing is left behind.
    /// - Parameter produce: Writes the file at the path given; the file exists, empty, with mode 0600.
    /// - Throws: What `produce` throws, `MediaError.io`.
    package func stage(producedBy produce: (String) async throws -> Void) async throws -> StagedBlob {
        let name = "\(getpid())-\(UInt64.random(in: 0...UInt64.max)).part"
        let path = temporaryDirectory + "/" + name
        table.register(temporary: name)
        do {
            try OpenFile.open(path, flags: O_WRONLY | O_CREAT | O_EXCL, mode: 0o600).close()
            try await produce(path)
            let store = self
            return try await BlockingIO.run { try store.hashProduced(name: name, path: path) }
        } catch {
            unlink(path)
            table.unregister(temporary: name)
            throw error
        }
    }

    /// Hashes the produced temp file and hands it to a lease, as ``BlobWriter/finish()`` does.
    private func hashProduced(name: String, path: String) throws -> StagedBlob {
        let file = try OpenFile.open(path, flags: O_RDONLY)
        defer { try? file.close() }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.chunkSize, alignment: 4096)
        defer { buffer.deallocate() }
        var hasher = SHA256()
        var size: Int64 = 0
        while true {
            let count = try file.read(into: buffer)
            if count == 0 { break }
            hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: buffer[..<count]))
            size += Int64(count)
        }
        let sha256 = BlobHash.hex(hasher.finalize())
        let lease = BlobLease(sha256: sha256, temporary: name, temporaryDirectory: temporaryDirectory, table: table)
        return StagedBlob(sha256: sha256, size: size, temporaryPath: path, lease: lease)
    }
}
