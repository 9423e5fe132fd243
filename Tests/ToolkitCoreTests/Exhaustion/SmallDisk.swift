#if canImport(Glibc)
import Glibc
#endif
import Foundation
import ToolkitTestSupport

/// A size-limited tmpfs mounted for one test (root only), to run the core's data directory out of space.
final class SmallDisk {
    /// Where it is mounted.
    let path: String
    private let directory: TemporaryDirectory
    private var filler: String { path + "/filler" }

    /// Whether this machine lets the test mount a tmpfs (it must run as root with CAP_SYS_ADMIN).
    static let canMount: Bool = getuid() == 0 && (try? SmallDisk(megabytes: 1)) != nil

    /// Mounts a tmpfs of `megabytes`.
    /// - Throws: ``TestFailure`` when `mount` refuses.
    init(megabytes: Int) throws {
        directory = try TemporaryDirectory()
        path = directory.appending("disk")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        let mounted = try Command("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=\(megabytes)m", "tmpfs", path])
            .runBlocking()
        guard mounted.status == 0 else { throw TestFailure("cannot mount a tmpfs: \(mounted.stderr)") }
    }

    deinit {
        _ = try? Command("/usr/bin/umount", ["--lazy", path]).runBlocking()
    }

    /// Bytes still free for an ordinary write.
    func freeBytes() -> Int {
        var status = statvfs()
        statvfs(path, &status)
        return Int(status.f_bavail) * Int(status.f_frsize)
    }

    /// Fills the disk with one file until only `bytes` are left free.
    func fill(leaving bytes: Int) throws {
        let size = freeBytes() - bytes
        guard size > 0 else { return }
        let descriptor = open(filler, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        defer { close(descriptor) }
        let chunk = [UInt8](repeating: 0, count: 1 << 16)
        var written = 0
        while written < size {
            let count = write(descriptor, chunk, min(chunk.count, size - written))
            guard count > 0 else { throw TestFailure("could not fill \(path): errno \(errno)") }
            written += count
        }
    }

    /// Frees what ``fill(leaving:)`` took.
    ///
    /// The space comes back only when no process holds the file open: a child another test is starting at the
    /// same moment has a copy of every descriptor between its fork and its exec (close-on-exec closes them
    /// then), so this waits until the filler's bytes are free again.
    func free() {
        var status = stat()
        let size = stat(filler, &status) == 0 ? Int(status.st_size) : 0
        let before = freeBytes()
        unlink(filler)
        let deadline = ContinuousClock.now + TestPatience.scaled(.seconds(30))
        while freeBytes() < before + size, ContinuousClock.now < deadline { usleep(10_000) }
    }

    /// Every file under the mount (but the filler and the database's own files), with its size: what a failed
    /// write must leave as it was.
    func files() -> [String: Int] {
        var files: [String: Int] = [:]
        let enumerator = FileManager.default.enumerator(atPath: path)
        while let relative = enumerator?.nextObject() as? String {
            let attributes = enumerator?.fileAttributes
            guard attributes?[.type] as? FileAttributeType == .typeRegular, relative != "filler",
                !relative.contains("toolkit.sqlite")
            else { continue }
            files[relative] = (attributes?[.size] as? NSNumber)?.intValue ?? -1
        }
        return files
    }
}
