import Archiving
import Glibc

/// JSON Lines written to an anonymous temp file (`O_TMPFILE`) instead of memory, for a bundle's `data/*.jsonl`:
/// the records of a big selection then cost no memory while the bundle is written, and the file, which has no
/// name, vanishes when it is closed, even if the core is killed. ``path`` reads it through `/proc/self/fd`.
///
/// Not `Sendable`: made, filled and read by one export at a time.
final class SpooledLines {
    private let file: SystemFile
    private var pending: [UInt8] = []

    /// A new empty spool on the file system of `directory`, or `nil` where that has no `O_TMPFILE`.
    init?(in directory: String) {
        let descriptor = retryingEINTR { open(directory, Self.temporaryFileFlags, 0o600) }
        guard descriptor >= 0 else { return nil }
        file = SystemFile(descriptor: descriptor, path: directory)
    }

    /// A path that opens the spool's bytes from the start, while the spool lives.
    var path: String { "/proc/self/fd/\(file.descriptor)" }

    /// Adds one line: `bytes`, then a newline.
    /// - Throws: `ArchiveError.io` when the disk refuses it (a full disk fails the export).
    func append(line bytes: [UInt8]) throws {
        pending += bytes
        pending.append(UInt8(ascii: "\n"))
        if pending.count >= 1 << 16 { try flush() }
    }

    /// Writes what is still pending; call it before reading ``path``.
    func flush() throws {
        try pending.withUnsafeBytes { try file.write($0) }
        pending.removeAll(keepingCapacity: true)
    }

    /// `O_TMPFILE` (which needs `_GNU_SOURCE`, so Swift's Glibc module lacks it) for reading and writing.
    private static let temporaryFileFlags: Int32 = 0o20_000_000 | O_DIRECTORY | O_RDWR | O_CLOEXEC
}
