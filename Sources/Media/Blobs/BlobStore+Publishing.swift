import Glibc

extension BlobStore {
    /// Makes a staged blob durable and visible under its hash: syncs the temp file, renames it into
    /// place (or drops it when the same blob is already stored) and syncs the fan-out directory.
    ///
    /// The returned blob keeps the staged lease: release it after the database commit.
    /// - Throws: `MediaError.io`; the staged blob then stays staged (discard it or try again), and
    ///   `MediaError.invalidArgument` when it was already published or discarded.
    package func publish(_ staged: StagedBlob) async throws -> Blob {
        try await publish([staged])[0]
    }

    /// Publishes several staged blobs with one pass of syncs: every temp file is synced first, then
    /// all are renamed, then each fan-out directory touched is synced once. A crash part-way leaves
    /// some published and the rest as temp files for the sweep.
    /// - Throws: `MediaError.io`; blobs renamed before the failure stay published.
    package func publish(_ batch: [StagedBlob]) async throws -> [Blob] {
        let store = self
        return try await BlockingIO.run { try store.publishNow(batch) }
    }

    /// Deletes a staged blob's temp file and ends its lease.
    package func discard(_ staged: StagedBlob) {
        staged.lease.release()
    }

    private func publishNow(_ batch: [StagedBlob]) throws -> [Blob] {
        var names: [String] = []
        defer {
            // Whatever was not published goes back to its lease, which deletes it on release.
            for (staged, name) in zip(batch, names) where !name.isEmpty { staged.lease.restoreTemporary(name) }
        }
        for staged in batch {
            guard let name = staged.lease.takeTemporary() else {
                throw MediaError(
                    .invalidArgument, "blob \(staged.sha256) was already published or discarded", reason: "not-staged")
            }
            names.append(name)
        }
        for staged in batch {
            let file = try OpenFile.open(staged.temporaryPath, flags: O_RDONLY)
            try file.syncData()
            try file.close()
        }
        var blobs: [Blob] = []
        var directories: Set<String> = []
        var createdFanOut = false
        for (index, staged) in batch.enumerated() {
            let directory = fanOutDirectory(of: staged.sha256)
            let final = directory + "/" + staged.sha256
            var info = stat()
            let present =
                lstat(final, &info) == 0 && info.st_mode & S_IFMT == S_IFREG && Int64(info.st_size) == staged.size
            if present {
                unlink(staged.temporaryPath)
            } else {
                if mkdir(directory, 0o700) == 0 { createdFanOut = true }
                guard rename(staged.temporaryPath, final) == 0 else {
                    throw MediaError.system("could not rename the staged blob to", path: final, errno: errno)
                }
                directories.insert(directory)
            }
            table.unregister(temporary: names[index])
            names[index] = ""
            blobs.append(
                Blob(sha256: staged.sha256, size: staged.size, path: final, alreadyStored: present, lease: staged.lease)
            )
        }
        if createdFanOut { try OpenFile.syncDirectory(blobsDirectory) }
        for directory in directories.sorted() { try OpenFile.syncDirectory(directory) }
        return blobs
    }
}
