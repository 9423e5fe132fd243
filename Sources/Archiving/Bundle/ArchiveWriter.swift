import Glibc

/// Writes `.tar.zst` archives crash-safely: to a temp name in the target's directory, then fsync,
/// rename to the final name and fsync the directory. A failure (or a kill) never leaves a file under
/// the final name; an existing file there is replaced only by a complete archive.
public struct ArchiveWriter: Sendable {
    /// How the stream is compressed.
    public var options: ZstdOptions

    /// Creates a writer.
    /// - Parameter options: zstd level, workers and checksums; the defaults suit bundles.
    public init(options: ZstdOptions = ZstdOptions()) {
        self.options = options
    }

    /// Writes `members`, in order, to a `.tar.zst` at `path`, on a thread of its own.
    /// - Throws: `ArchiveError` (-32007): `.io` naming the file that failed, `.invalidArgument` for a bad
    ///   member name, `.verificationFailed` when a member's content does not match its `expectedSHA256`,
    ///   `.cancelled` when the task is cancelled.
    public func write(
        _ members: [ArchiveMember], to path: String, progress: ArchiveProgressHandler? = nil
    ) async throws -> ArchiveSummary {
        try await DedicatedThread.run(name: "archive-writer") { flag in
            try writeBlocking(members, to: path, progress: progress, cancellation: flag)
        }
    }

    /// The blocking form of ``write(_:to:progress:)``, for callers already on their own thread.
    public func writeBlocking(
        _ members: [ArchiveMember], to path: String, progress: ArchiveProgressHandler? = nil
    ) throws -> ArchiveSummary {
        try writeBlocking(members, to: path, progress: progress, cancellation: nil)
    }

    func writeBlocking(
        _ members: [ArchiveMember], to path: String, progress: ArchiveProgressHandler?,
        cancellation: CancellationFlag?
    ) throws -> ArchiveSummary {
        let output = try AtomicFile(path: path)
        let digest = DigestingSink(destination: output)
        let compressor = try ZstdCompressor(options: options, destination: digest)
        let tar = TarWriter(sink: compressor)
        let totals = Self.totalBytes(members)
        var files: [BundleManifest.Member] = []
        var done: Int64 = 0
        var lastReport: Int64 = 0
        for (index, member) in members.enumerated() {
            try cancellation?.check()
            progress?(ArchiveProgress(member: member.name, membersDone: index, bytesDone: done, bytesTotal: totals))
            switch member.source {
            case .directory:
                try tar.appendDirectory(
                    path: member.name, mode: member.mode ?? 0o755, modificationTime: member.modificationTime ?? 0)
            case .bytes(let bytes):
                var offset = 0
                let digest = try tar.appendFile(
                    path: member.name, size: Int64(bytes.count), mode: member.mode ?? 0o644,
                    modificationTime: member.modificationTime ?? 0
                ) { target in
                    let count = min(target.count, bytes.count - offset)
                    bytes.withUnsafeBytes {
                        target.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[offset..<offset + count]))
                    }
                    offset += count
                    return count
                }
                files.append(try Self.record(member, size: Int64(bytes.count), digest: Hex.string(digest)))
            case .file(let source):
                let input = try SystemFile.open(source, flags: O_RDONLY)
                let info = try input.status()
                guard info.st_mode & S_IFMT == S_IFREG else {
                    throw ArchiveError(
                        .unsafeEntry, "\(source) is not a regular file", entry: member.name,
                        reason: "not-regular")
                }
                let size = Int64(info.st_size)
                let digest = try tar.appendFile(
                    path: member.name, size: size, mode: member.mode ?? (UInt32(info.st_mode) & 0o777),
                    modificationTime: member.modificationTime ?? Int64(info.st_mtim.tv_sec)
                ) { target in
                    let count = try input.read(into: target)
                    done += Int64(count)
                    if done - lastReport >= 8 << 20 {
                        lastReport = done
                        try cancellation?.check()
                        progress?(
                            ArchiveProgress(
                                member: member.name, membersDone: index, bytesDone: done, bytesTotal: totals))
                    }
                    return count
                }
                files.append(try Self.record(member, size: size, digest: Hex.string(digest)))
            }
        }
        try tar.finish()
        try compressor.finish()
        try cancellation?.check()
        try output.commit()
        progress?(ArchiveProgress(member: "", membersDone: members.count, bytesDone: done, bytesTotal: totals))
        return ArchiveSummary(
            path: path, files: files, memberCount: members.count, tarBytes: tar.bytesWritten,
            compressedBytes: compressor.bytesOut, sha256: digest.sha256)
    }

    private static func record(_ member: ArchiveMember, size: Int64, digest: String) throws -> BundleManifest.Member {
        if let expected = member.expectedSHA256, expected.lowercased() != digest {
            throw ArchiveError(
                .verificationFailed,
                "\(member.name): its SHA-256 is \(digest) but \(expected) was expected; "
                    + "the file changed or the manifest is stale", entry: member.name, reason: "sha256-mismatch")
        }
        return BundleManifest.Member(path: member.name, size: size, sha256: digest)
    }

    private static func totalBytes(_ members: [ArchiveMember]) -> Int64? {
        var total: Int64 = 0
        for member in members {
            guard case .file(let path) = member.source else { continue }
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            total += Int64(info.st_size)
        }
        return total
    }
}
