package import Glibc

/// An open file descriptor that closes itself; blocking reads and writes that retry on `EINTR`.
///
/// Not `Sendable`: one thread owns it at a time.
package final class SystemFile {
    /// The descriptor, or -1 once closed.
    package private(set) var descriptor: Int32
    /// The path it was opened with, for messages.
    package let path: String

    /// Wraps an open descriptor.
    package init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
    }

    deinit {
        if descriptor >= 0 { _ = systemClose(descriptor) }
    }

    /// Opens `path` relative to `directory` (or the working directory).
    /// - Throws: `ArchiveError.io` naming the path and the system's reason.
    package static func open(
        _ path: String,
        flags: Int32,
        mode: mode_t = 0o644,
        relativeTo directory: Int32 = AT_FDCWD,
        displayPath: String? = nil
    ) throws -> SystemFile {
        let fd = retryingEINTR { openat(directory, path, flags | O_CLOEXEC, mode) }
        guard fd >= 0 else {
            throw ArchiveError.system("could not open \(displayPath ?? path)", errno: errno)
        }
        return SystemFile(descriptor: fd, path: displayPath ?? path)
    }

    /// Reads up to `buffer.count` bytes; returns 0 at end of file.
    /// - Throws: `ArchiveError.io`.
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let count = retryingEINTR { Glibc.read(descriptor, buffer.baseAddress, buffer.count) }
        guard count >= 0 else { throw ArchiveError.system("could not read \(path)", errno: errno) }
        return count
    }

    /// Writes all of `bytes`.
    /// - Throws: `ArchiveError.io` (a full disk is reported here).
    package func write(_ bytes: UnsafeRawBufferPointer) throws {
        var offset = 0
        while offset < bytes.count {
            let count = retryingEINTR {
                Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            }
            guard count > 0 else { throw ArchiveError.system("could not write \(path)", errno: errno) }
            offset += count
        }
    }

    /// Flushes the file's data and metadata to the disk.
    /// - Throws: `ArchiveError.io`.
    package func sync() throws {
        guard retryingEINTR({ fsync(descriptor) }) == 0 else {
            throw ArchiveError.system("could not sync \(path) to disk", errno: errno)
        }
    }

    /// The file's status.
    /// - Throws: `ArchiveError.io`.
    package func status() throws -> stat {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw ArchiveError.system("could not stat \(path)", errno: errno)
        }
        return info
    }

    /// Closes the descriptor, reporting a failure (which can mean lost data on some file systems).
    /// - Throws: `ArchiveError.io`.
    package func close() throws {
        guard descriptor >= 0 else { return }
        let fd = descriptor
        descriptor = -1
        guard systemClose(fd) == 0 else { throw ArchiveError.system("could not close \(path)", errno: errno) }
    }
}

private func systemClose(_ fd: Int32) -> Int32 {
    Glibc.close(fd)
}

/// Runs a system call again while it fails with `EINTR`.
package func retryingEINTR<T: BinaryInteger>(_ call: () -> T) -> T {
    while true {
        let result = call()
        if result == -1 && errno == EINTR { continue }
        return result
    }
}

extension ArchiveError {
    /// An `.io` error whose message ends with the system's description of `errno`.
    package static func system(
        _ what: String,
        errno code: Int32,
        entry: String? = nil,
        fileID: String = #fileID,
        line: Int = #line
    ) -> ArchiveError {
        let reason = String(cString: strerror(code))
        return ArchiveError(
            .io, "\(what): \(reason)", entry: entry, reason: "errno-\(code)", fileID: fileID, line: line)
    }
}
