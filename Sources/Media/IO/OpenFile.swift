import Glibc

/// An open file descriptor that closes itself, with blocking calls that retry on `EINTR` and throw
/// ``MediaError`` naming the path.
///
/// Not `Sendable`: one thread owns it at a time.
final class OpenFile {
    /// The descriptor, or -1 once closed.
    private(set) var descriptor: Int32
    /// The path it was opened with, for messages.
    let path: String

    private init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
    }

    deinit {
        if descriptor >= 0 { _ = Glibc.close(descriptor) }
    }

    /// Opens `path` with `flags` (`O_CLOEXEC` is always added).
    /// - Throws: `MediaError.unreadable` for a missing or forbidden path, else `MediaError.io`.
    static func open(_ path: String, flags: Int32, mode: mode_t = 0o600) throws -> OpenFile {
        let fd = retryingEINTR { Glibc.open(path, flags | O_CLOEXEC, mode) }
        guard fd >= 0 else { throw MediaError.system("could not open", path: path, errno: errno) }
        return OpenFile(descriptor: fd, path: path)
    }

    /// Opens `path` for reading and checks that it is a regular file (not a directory, FIFO or device,
    /// which could block or never end). `O_NONBLOCK` keeps a FIFO from blocking the open itself.
    /// - Throws: `MediaError.unreadable` with a sentence saying what the path is instead.
    static func openRegularForReading(_ path: String) throws -> (file: OpenFile, status: stat) {
        let file = try open(path, flags: O_RDONLY | O_NONBLOCK | O_NOCTTY)
        let info = try file.status()
        guard info.st_mode & S_IFMT == S_IFREG else {
            let kind: String
            switch info.st_mode & S_IFMT {
            case S_IFDIR: kind = "a directory"
            case S_IFIFO: kind = "a FIFO"
            case S_IFCHR, S_IFBLK: kind = "a device"
            case S_IFSOCK: kind = "a socket"
            default: kind = "not a regular file"
            }
            throw MediaError(
                .unreadable, "\(path) is \(kind); give the path of a regular photo or video file",
                reason: "not-regular-file", path: path)
        }
        // Back to blocking reads for a regular file (O_NONBLOCK has no effect on them anyway).
        let flags = fcntl(file.descriptor, F_GETFL)
        if flags >= 0 { _ = fcntl(file.descriptor, F_SETFL, flags & ~O_NONBLOCK) }
        return (file, info)
    }

    /// Reads up to `buffer.count` bytes; returns 0 at end of file.
    /// - Throws: `MediaError.io`.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let count = retryingEINTR { Glibc.read(descriptor, buffer.baseAddress, buffer.count) }
        guard count >= 0 else { throw MediaError.system("could not read", path: path, errno: errno) }
        return count
    }

    /// Reads up to `count` bytes at `offset` without moving the file position; fewer at end of file.
    /// - Throws: `MediaError.io`.
    func read(at offset: Int64, count: Int) throws -> [UInt8] {
        guard count > 0, offset >= 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        try bytes.withUnsafeMutableBytes { buffer in
            while filled < count {
                let got = retryingEINTR {
                    pread(descriptor, buffer.baseAddress! + filled, count - filled, off_t(offset) + off_t(filled))
                }
                guard got >= 0 else { throw MediaError.system("could not read", path: path, errno: errno) }
                if got == 0 { break }
                filled += got
            }
        }
        bytes.removeLast(count - filled)
        return bytes
    }

    /// Writes all of `bytes`.
    /// - Throws: `MediaError.io` (a full disk is reported here).
    func write(_ bytes: UnsafeRawBufferPointer) throws {
        var offset = 0
        while offset < bytes.count {
            let count = retryingEINTR { Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset) }
            guard count > 0 else { throw MediaError.system("could not write", path: path, errno: errno) }
            offset += count
        }
    }

    /// Flushes the file's data (and the metadata needed to read it back, such as its size) to the disk.
    /// - Throws: `MediaError.io`.
    func syncData() throws {
        guard retryingEINTR({ fdatasync(descriptor) }) == 0 else {
            throw MediaError.system("could not sync", path: path, errno: errno)
        }
    }

    /// Flushes the file (or directory) and its metadata to the disk.
    /// - Throws: `MediaError.io`.
    func sync() throws {
        guard retryingEINTR({ fsync(descriptor) }) == 0 else {
            throw MediaError.system("could not sync", path: path, errno: errno)
        }
    }

    /// Tells the kernel the file will be read once from start to end (a larger read-ahead).
    func adviseSequential() {
        _ = posix_fadvise(descriptor, 0, 0, POSIX_FADV_SEQUENTIAL)
    }

    /// The file's status.
    /// - Throws: `MediaError.io`.
    func status() throws -> stat {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw MediaError.system("could not stat", path: path, errno: errno) }
        return info
    }

    /// Closes the descriptor, reporting a failure (which can mean lost data on some file systems).
    /// - Throws: `MediaError.io`.
    func close() throws {
        guard descriptor >= 0 else { return }
        let fd = descriptor
        descriptor = -1
        guard Glibc.close(fd) == 0 else { throw MediaError.system("could not close", path: path, errno: errno) }
    }

    /// Syncs the directory at `path`, so that a rename or unlink in it survives a crash.
    /// - Throws: `MediaError.io`.
    static func syncDirectory(_ path: String) throws {
        let directory = try open(path, flags: O_RDONLY | O_DIRECTORY)
        try directory.sync()
        try directory.close()
    }
}

/// Runs a system call again while it fails with `EINTR`.
func retryingEINTR<T: BinaryInteger>(_ call: () -> T) -> T {
    while true {
        let result = call()
        if result == -1 && errno == EINTR { continue }
        return result
    }
}
