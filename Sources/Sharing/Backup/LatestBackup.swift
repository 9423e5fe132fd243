#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Archiving
import Glibc

/// `.toolkit-archive-latest.json` in the archive directory: the newest archive's name and SHA-256 as they
/// were when it was written, with its size and modification time.
///
/// The next incremental archive names this one as its parent with that SHA-256. Hashing the parent again
/// would read the whole chain's newest archive (a full one can be the whole diary) on every run; instead its
/// size and modification time are compared with the record, and only when they differ is the file hashed
/// again: a parent that does not match its recorded SHA-256 then gets a full archive instead. (Damage that
/// keeps size and time is what `archive.verify` finds, reading everything.)
struct LatestBackup: Codable, Sendable, Equatable {
    static let fileName = ".toolkit-archive-latest.json"

    var name: String
    var sha256: String
    var size: Int64
    /// Modification time in nanoseconds since 1970.
    var modified: Int64

    /// The record of `directory`, if there is a readable one.
    static func read(in directory: String) -> LatestBackup? {
        guard let data = FileManager.default.contents(atPath: directory + "/" + fileName) else { return nil }
        return try? JSONDecoder().decode(LatestBackup.self, from: data)
    }

    /// The record of the archive `name` in `directory` with `sha256`, its size and time read from disk.
    static func of(_ name: String, sha256: String, in directory: String) -> LatestBackup? {
        guard let (size, modified) = status(directory + "/" + name) else { return nil }
        return LatestBackup(name: name, sha256: sha256, size: size, modified: modified)
    }

    /// Size and modification time (ns) of the file at `path`.
    static func status(_ path: String) -> (Int64, Int64)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return (Int64(info.st_size), Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
    }

    /// Writes the record crash-safely (temp file, fsync, rename).
    func write(in directory: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let bytes = Array(try encoder.encode(self))
        let file = try AtomicFile(path: directory + "/" + Self.fileName)
        try bytes.withUnsafeBytes { try file.write($0) }
        try file.commit()
    }
}
