import Glibc

/// A file written under a temp name in its final directory, then synced and renamed into place by
/// ``commit()``; until then (or after a crash or ``discard()``) nothing appears under the final name.
///
/// Written through its ``ByteSink`` conformance, it starts the kernel's writeback of every
/// `writebackStep` bytes as it goes (`sync_file_range`), so the final `fsync` has little left to wait for.
package final class AtomicFile: ByteSink {
    /// The open temp file to write to.
    package let file: SystemFile
    /// The final path.
    package let path: String
    private let temporary: String
    private let directory: String
    private var settled = false
    private var written: Int64 = 0
    private var flushedUpTo: Int64 = 0
    private static let writebackStep: Int64 = 8 << 20

    /// Creates the temp file next to `path`, first removing the temp files of `path` that writers killed
    /// before they finished left behind (`kill -9`, a power cut).
    /// - Throws: `ArchiveError.io` when the directory is not writable.
    package init(path: String) throws {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
        let base = slash.map { String(path[path.index(after: $0)...]) } ?? path
        Self.removeLeftovers(of: base, in: directory)
        temporary = directory + "/.\(base).part-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        file = try SystemFile.open(temporary, flags: O_WRONLY | O_CREAT | O_EXCL, mode: 0o644, displayPath: path)
        self.path = path
        self.directory = directory
    }

    deinit { if !settled { unlink(temporary) } }

    /// Removes `directory/.BASE.part-PID-*` files whose writer (PID) is no longer alive; another live
    /// process's temp file, or this one's, is left alone.
    private static func removeLeftovers(of base: String, in directory: String) {
        guard let stream = opendir(directory) else { return }
        defer { closedir(stream) }
        let prefix = ".\(base).part-"
        while let entry = readdir(stream) {
            let name = entry.entryName
            guard name.hasPrefix(prefix) else { continue }
            let rest = name.dropFirst(prefix.count)
            guard let dash = rest.firstIndex(of: "-"), let pid = pid_t(rest[..<dash]), pid > 0, pid != getpid(),
                kill(pid, 0) != 0, errno == ESRCH
            else { continue }
            unlink(directory + "/" + name)
        }
    }

    /// Writes `bytes` to the temp file, starting writeback of each full `writebackStep`.
    /// - Throws: `ArchiveError.io`.
    package func write(_ bytes: UnsafeRawBufferPointer) throws {
        try file.write(bytes)
        written += Int64(bytes.count)
        if written - flushedUpTo >= Self.writebackStep {
            // Best effort: a failure here only means the final fsync does all the work.
            _ = startWriteback?(file.descriptor, flushedUpTo, written - flushedUpTo, 2)  // SYNC_FILE_RANGE_WRITE
            flushedUpTo = written
        }
    }

    /// Syncs the data, renames the temp file to the final name and syncs the directory.
    /// - Throws: `ArchiveError.io`; the temp file is then removed.
    package func commit() throws {
        do {
            try file.sync()
            try file.close()
            guard rename(temporary, path) == 0 else {
                throw ArchiveError.system("could not rename the finished file to \(path)", errno: errno)
            }
            settled = true
        } catch {
            discard()
            throw error
        }
        let handle = try SystemFile.open(directory, flags: O_RDONLY | O_DIRECTORY)
        try handle.sync()
        try handle.close()
    }

    /// Removes the temp file.
    package func discard() {
        guard !settled else { return }
        settled = true
        try? file.close()
        unlink(temporary)
    }
}

/// glibc's `sync_file_range`, which Swift's Glibc module does not export (it needs `_GNU_SOURCE`).
private let startWriteback: (@convention(c) (Int32, Int64, Int64, UInt32) -> Int32)? = {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "sync_file_range") else { return nil }
    return unsafeBitCast(symbol, to: (@convention(c) (Int32, Int64, Int64, UInt32) -> Int32).self)
}()
