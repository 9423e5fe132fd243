import ArgumentParser
import Foundation
import Glibc

/// Writes a file whole or not at all: a temp file beside it, `fsync`, then a rename over the final name (and an
/// `fsync` of the directory, so the rename survives a crash). A reader never sees half a file.
enum AtomicFile {
    /// Writes `data` to `path`, replacing a file already there.
    /// - Throws: `ValidationError` naming `path` and the reason when it cannot be written; the temp file is gone.
    static func write(_ data: Data, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        let temp = directory + "/.\(url.lastPathComponent).\(getpid()).part"
        func failure(_ code: Int32 = errno) -> ValidationError {
            ValidationError("Cannot write \(path): \(String(cString: strerror(code))).")
        }
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw failure() }
        var written = 0
        let ok = data.withUnsafeBytes { buffer -> Bool in
            while written < buffer.count {
                let count = Glibc.write(fd, buffer.baseAddress! + written, buffer.count - written)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                written += count
            }
            return fsync(fd) == 0
        }
        let code = errno
        guard close(fd) == 0, ok, rename(temp, path) == 0 else {
            let reason = ok ? errno : code
            unlink(temp)
            throw failure(reason)
        }
        let directoryFD = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryFD >= 0 {
            fsync(directoryFD)
            close(directoryFD)
        }
    }
}
