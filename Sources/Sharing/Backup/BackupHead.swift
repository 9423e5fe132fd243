import Archiving
import Hashing

/// The first members of an archive, read without decompressing the rest: the manifest, and (when asked)
/// `archive/state.json`, checked against the manifest's size and SHA-256.
struct BackupHead: Sendable {
    var manifest: BackupManifest
    var state: BackupState?

    /// The most bytes a manifest or state member may have.
    static let memberLimit: Int64 = 256 << 20

    /// Reads the head of the archive at `path` on a thread of its own.
    /// - Throws: ``ArchiveError`` when the archive cannot be read, its first member is not an archive's
    ///   manifest, or (with `state`) its second member is not the state the manifest lists.
    static func read(_ path: String, state: Bool) async throws -> BackupHead {
        try await DedicatedThread.run(name: "archive-head") { _ in try readBlocking(path, state: state) }
    }

    static func readBlocking(_ path: String, state wantsState: Bool) throws -> BackupHead {
        let input = try ArchiveInput(path: path, limits: ArchiveLimits())
        guard let first = try input.tar.nextEntry(), first.kind == .file,
            EntryPath.normalized(first.path) == BundleManifest.fileName
        else {
            throw ArchiveError(
                .manifest, "\(path) does not begin with manifest.json, so it is not a toolkit archive.",
                entry: BundleManifest.fileName, reason: "missing-manifest")
        }
        let manifest = try BackupManifest.decode(try readData(input, first, path), archive: path)
        guard wantsState else { return BackupHead(manifest: manifest, state: nil) }
        guard let second = try input.tar.nextEntry(), second.kind == .file,
            EntryPath.normalized(second.path) == BackupState.memberName,
            let listed = manifest.members.first(where: { $0.path == BackupState.memberName })
        else {
            throw ArchiveError(
                .manifest, "\(path) has no \(BackupState.memberName) after its manifest.",
                entry: BackupState.memberName, reason: "missing")
        }
        let bytes = try readData(input, second, path)
        guard Int64(bytes.count) == listed.size, Hex.string(SHA256.hash(data: bytes)) == listed.sha256 else {
            throw ArchiveError(
                .verificationFailed, "\(path): \(BackupState.memberName) does not match its manifest.",
                entry: BackupState.memberName, reason: "sha256-mismatch")
        }
        return BackupHead(manifest: manifest, state: try BackupState.decode(bytes, archive: path))
    }

    private static func readData(_ input: ArchiveInput, _ entry: TarEntry, _ path: String) throws -> [UInt8] {
        guard entry.size <= memberLimit else {
            throw ArchiveError(
                .limitExceeded, "\(path): \(entry.path) is \(entry.size) bytes; the limit is 256 MiB.",
                entry: entry.path, reason: "member-size")
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(entry.size))
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = try input.tar.readData(into: buffer)
            if count == 0 { break }
            bytes += buffer.prefix(count)
        }
        return bytes
    }
}
