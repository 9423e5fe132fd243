import Archiving
import Glibc

/// The lock that keeps two archive runs on one directory from overlapping: an exclusive `flock` on
/// `.toolkit-archive.lock` in the archive directory, taken by the core's `archive.create` and
/// `archive.prune` and by the offline `toolkit archive` alike. The kernel releases it when the holder exits,
/// even after `kill -9`, so a stale lock cannot outlive its process.
///
/// `@unchecked Sendable`: the descriptor is only closed by ``release()``, once.
package final class BackupLock: @unchecked Sendable {
    /// The lock file's name in the archive directory.
    package static let fileName = ".toolkit-archive.lock"

    /// The archive directory the lock is held on.
    package let directory: String
    private var descriptor: Int32

    private init(directory: String, descriptor: Int32) {
        self.directory = directory
        self.descriptor = descriptor
    }

    deinit { release() }

    /// Takes the lock on `directory` (created 0700 if missing).
    /// - Parameter wait: wait for another holder to finish instead of failing at once.
    /// - Throws: ``BackupLockHeld`` when another run holds it and `wait` is false; ``ArchiveError`` `.io`
    ///   when the directory or lock file cannot be made.
    package static func acquire(_ directory: String, wait: Bool = false) async throws -> BackupLock {
        try BackupDirectory.create(directory)
        let path = directory + "/" + fileName
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw ArchiveError(.io, "Cannot open the archive lock \(path): \(String(cString: strerror(errno))).")
        }
        if flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
            return BackupLock(directory: directory, descriptor: descriptor)
        }
        guard errno == EWOULDBLOCK, wait else {
            close(descriptor)
            throw BackupLockHeld(directory: directory)
        }
        let handed = descriptor
        let locked = try await DedicatedThread.run(name: "archive-lock") { _ in
            while flock(handed, LOCK_EX) != 0 {
                guard errno == EINTR else { return false }
            }
            return true
        }
        guard locked else {
            close(descriptor)
            throw ArchiveError(.io, "Cannot lock \(path): \(String(cString: strerror(errno))).")
        }
        return BackupLock(directory: directory, descriptor: descriptor)
    }

    /// Lets the next run in.
    package func release() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
    }
}

/// Another archive run holds the directory's lock (the core answers -32002 with `data.reason` `locked`);
/// `toolkit archive` exits 75 (EX_TEMPFAIL).
package struct BackupLockHeld: Error, CustomStringConvertible {
    package let directory: String

    package init(directory: String) { self.directory = directory }

    package var description: String {
        "Another archive run holds the lock on \(directory); try again when it has finished (or pass --wait)."
    }
}
