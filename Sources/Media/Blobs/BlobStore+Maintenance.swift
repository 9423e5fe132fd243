import Glibc

extension BlobStore {
    /// Deletes the blob named `sha256`, unless it is in flight in this process.
    /// - Returns: `true` if a file was deleted; `false` if there was none or it is in flight (kept).
    /// - Throws: `MediaError.invalidArgument` for a malformed name, `MediaError.io`.
    @discardableResult
    package func remove(_ sha256: String) async throws -> Bool {
        let path = try path(of: sha256)
        let (table, directory) = (self.table, fanOutDirectory(of: sha256))
        return try await BlockingIO.run {
            let outcome = table.unlessProtected(sha256) { unlink(path) == 0 ? 0 : errno }
            switch outcome {
            case nil, ENOENT?: return false
            case 0?:
                try OpenFile.syncDirectory(directory)
                return true
            case let error?: throw MediaError.system("could not delete the blob", path: path, errno: error)
            }
        }
    }

    /// The names of every stored blob, sorted; files in the blob tree that are not named by a hash are
    /// skipped.
    /// - Throws: `MediaError.io` when a directory cannot be read.
    package func allBlobHashes() async throws -> [String] {
        let store = self
        return try await BlockingIO.run { try store.listBlobs().map(\.sha256).sorted() }
    }

    /// Deletes temp files in `blobs/tmp` left by a crash: everything except this process's work in
    /// progress and files of another live process (temp names start with the writer's pid).
    /// - Returns: How many files were deleted.
    /// - Throws: `MediaError.io` when the directory cannot be read.
    @discardableResult
    package func sweepTemporaries() async throws -> Int {
        let (table, directory) = (self.table, temporaryDirectory)
        return try await BlockingIO.run {
            var removed = 0
            let me = getpid()
            for name in try Self.entries(of: directory) {
                if table.isRegistered(temporary: name) { continue }
                if let dash = name.firstIndex(of: "-"), let pid = pid_t(name[..<dash]), pid != me, pid > 0,
                    kill(pid, 0) == 0 || errno == EPERM
                {
                    continue  // another live process is writing it
                }
                if unlink(directory + "/" + name) == 0 { removed += 1 }
            }
            return removed
        }
    }

    /// Deletes every blob that is not in `referenced` and not in flight.
    ///
    /// `referenced` must have been read *after* every import whose lease has since been released committed;
    /// when imports may run concurrently, use ``collectGarbage(keeping:)-(()->Set<String>)``, which reads it
    /// at the right moment.
    /// - Returns: How many blobs were removed and their total size.
    /// - Throws: `MediaError.io`.
    @discardableResult
    package func collectGarbage(keeping referenced: Set<String>) async throws -> (removed: Int, bytes: Int64) {
        try await collectGarbage(keeping: { referenced })
    }

    /// Deletes every blob that is not referenced and not in flight, safely alongside imports.
    ///
    /// The collection starts first; then `referenced` is called (read the database's hashes there);
    /// then the blob tree is walked. A hash whose lease ends after the collection started is kept too, so
    /// an import that committed after `referenced` was read never loses its blob.
    /// - Returns: How many blobs were removed and their total size.
    /// - Throws: What `referenced` throws, `MediaError.io`.
    @discardableResult
    package func collectGarbage(
        keeping referenced: () async throws -> Set<String>
    ) async throws -> (removed: Int, bytes: Int64) {
        try await collecting(keeping: referenced) { store, keep in
            var removed = 0
            var bytes: Int64 = 0
            var touched: Set<String> = []
            for (sha256, path, size) in try store.listBlobs() where !keep.contains(sha256) {
                let gone = store.table.unlessProtected(sha256) { unlink(path) == 0 } ?? false
                if gone {
                    removed += 1
                    bytes += size
                    touched.insert(store.fanOutDirectory(of: sha256))
                }
            }
            for directory in touched.sorted() { try OpenFile.syncDirectory(directory) }
            return (removed, bytes)
        }
    }

    /// Deletes those of `candidates` that are not referenced and not in flight, safely alongside imports:
    /// the same protocol as ``collectGarbage(keeping:)-(()->Set<String>)`` for a few named blobs, so that a
    /// delete does not walk the whole store. An import of the same bytes that commits meanwhile keeps them.
    /// - Returns: How many blobs were removed.
    /// - Throws: What `referenced` throws, `MediaError.io`.
    @discardableResult
    package func removeUnreferenced(
        _ candidates: [String], keeping referenced: () async throws -> Set<String>
    ) async throws -> Int {
        let valid = Set(candidates.filter(BlobHash.isValid))
        guard !valid.isEmpty else { return 0 }
        return try await collecting(keeping: referenced) { store, keep in
            var removed = 0
            for sha256 in valid.subtracting(keep).sorted() {
                let path = store.blobsDirectory + "/" + String(sha256.prefix(2)) + "/" + sha256
                if store.table.unlessProtected(sha256, { unlink(path) == 0 }) == true {
                    removed += 1
                    try OpenFile.syncDirectory(store.fanOutDirectory(of: sha256))
                }
            }
            return removed
        }
    }

    /// The protocol every collection follows: the collection starts, then `referenced` is read, then `body`
    /// runs on the blocking-I/O pool with the store and the hashes to keep; the collection ends after it.
    private func collecting<T: Sendable>(
        keeping referenced: () async throws -> Set<String>,
        _ body: @escaping @Sendable (BlobStore, Set<String>) throws -> T
    ) async throws -> T {
        table.beginCollection()
        defer { table.endCollection() }
        let keep = try await referenced()
        let store = self
        return try await BlockingIO.run { try body(store, keep) }
    }

    /// Every regular file under `sha256/xx/` whose name is a valid hash in the right fan-out directory.
    private func listBlobs() throws -> [(sha256: String, path: String, size: Int64)] {
        var blobs: [(String, String, Int64)] = []
        for fanOut in try Self.entries(of: blobsDirectory) where fanOut.utf8.count == 2 {
            let directory = blobsDirectory + "/" + fanOut
            for name in try Self.entries(of: directory) where BlobHash.isValid(name) && name.hasPrefix(fanOut) {
                var info = stat()
                let path = directory + "/" + name
                guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
                blobs.append((name, path, Int64(info.st_size)))
            }
        }
        return blobs
    }

    /// The names in `directory`, without `.` and `..`; empty for a path that is not a directory.
    static func entries(of directory: String) throws -> [String] {
        guard let handle = opendir(directory) else {
            if errno == ENOTDIR { return [] }
            throw MediaError.system("could not list", path: directory, errno: errno)
        }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = entry.entryName
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
