#if canImport(Glibc)
import Glibc
#endif

/// An open file descriptor with positional reads and writes; closed when released.
///
/// `@unchecked Sendable`: the descriptor never changes after `init`, and `pread`/`pwrite` carry
/// their own offsets, so concurrent use cannot corrupt a shared position.
final class FileDescriptor: @unchecked Sendable {
    let fd: Int32
    let path: String

    /// Opens `path` for reading.
    init(readingFrom path: String) throws {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw AudioError.posix("open it", path: path, errno: errno) }
        self.fd = fd
        self.path = path
    }

    /// Creates (or truncates) `path` for writing.
    init(writingTo path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw AudioError.posix("create it", path: path, errno: errno) }
        self.fd = fd
        self.path = path
    }

    deinit { close(fd) }

    /// The file's size in bytes.
    func size() throws -> Int64 {
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw AudioError.posix("read its size", path: path, errno: errno) }
        return Int64(st.st_size)
    }

    /// Reads up to `count` bytes at `offset` into `buffer`; fewer only at the end of the file.
    func read(into buffer: UnsafeMutableRawPointer, count: Int, at offset: Int64) throws -> Int {
        var done = 0
        while done < count {
            let n = pread(fd, buffer + done, count - done, off_t(offset) + off_t(done))
            if n < 0 {
                if errno == EINTR { continue }
                throw AudioError.posix("read it", path: path, errno: errno)
            }
            if n == 0 { break }
            done += n
        }
        return done
    }

    /// Reads up to `count` bytes at `offset`.
    func read(count: Int, at offset: Int64) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let n = try bytes.withUnsafeMutableBytes { (raw) throws -> Int in
            try read(into: raw.baseAddress!, count: count, at: offset)
        }
        bytes.removeSubrange(n...)
        return bytes
    }

    /// Writes all of `bytes` at `offset`.
    func write(_ bytes: UnsafeRawBufferPointer, at offset: Int64) throws {
        var done = 0
        while done < bytes.count {
            let n = pwrite(fd, bytes.baseAddress! + done, bytes.count - done, off_t(offset) + off_t(done))
            if n < 0 {
                if errno == EINTR { continue }
                throw AudioError.posix("write it", path: path, errno: errno)
            }
            done += n
        }
    }

    /// Flushes written data to the disk.
    func sync() throws {
        guard fsync(fd) == 0 else { throw AudioError.posix("sync it", path: path, errno: errno) }
    }
}
