import Glibc

/// An open `.tar.zst` being read: the file, its zstd decompressor (on a thread of its own) and the tar
/// reader on top.
package final class ArchiveInput {
    /// The archive file.
    package let file: SystemFile
    /// The decompressor reading `file`.
    package let zstd: ThreadedDecompressor
    /// The tar reader over the decompressed stream.
    package let tar: TarReader
    /// The archive's size on disk, for progress.
    package let compressedSize: Int64

    /// Opens the archive at `path` with `limits` on what reading it may cost.
    /// - Throws: `ArchiveError.io` when the file cannot be opened.
    package init(path: String, limits: ArchiveLimits) throws {
        file = try SystemFile.open(path, flags: O_RDONLY)
        let info = try file.status()
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw ArchiveError(.io, "\(path) is not a regular file", reason: "not-regular")
        }
        compressedSize = Int64(info.st_size)
        zstd = try ThreadedDecompressor(source: file, maxRatio: limits.maxRatio, ratioGrace: limits.ratioGraceBytes)
        tar = TarReader(source: zstd, limits: limits)
    }

    /// A progress report for `entry`.
    package func progress(_ entry: String) -> ArchiveProgress {
        ArchiveProgress(
            member: entry, membersDone: tar.memberCount, bytesDone: zstd.bytesIn, bytesTotal: compressedSize)
    }
}
