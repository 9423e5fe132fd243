import Hashing
import Foundation

/// Extracts an untrusted `.tar.zst` into a directory.
///
/// Refused, each with an ``ArchiveError`` naming the member and the reason: absolute paths, `..`
/// components, names that are not UTF-8, symbolic and hard links, devices, FIFOs and unsupported member
/// types, and anything over the ``ArchiveLimits``. Nothing is ever written outside the target. When the
/// first member is `manifest.json`, every file is checked against it as it is written (size, SHA-256, no
/// file missing, none extra or twice), and any difference refuses the archive. Files are written under temp
/// names and renamed to their real names only once the whole archive has been read and its zstd checksums
/// (and manifest) verified, so a failure at any point leaves no file (partial, or complete but unverified)
/// under a real name; directories created before the failure stay. Modes lose set-id and sticky bits;
/// directories keep owner access.
public struct ArchiveExtractor: Sendable {
    /// Bounds on members, bytes and the compression ratio.
    public var limits: ArchiveLimits

    /// Creates an extractor.
    /// - Parameter limits: what the archive may cost; the defaults suit archives from anyone.
    public init(limits: ArchiveLimits = ArchiveLimits()) {
        self.limits = limits
    }

    /// Extracts the archive at `archive` into `directory` (created if missing), on a thread of its own.
    /// - Throws: `ArchiveError` (-32007) with `entry` and `reason`; `.verificationFailed` when the files
    ///   do not match the archive's `manifest.json`, `.manifest` when that is not a manifest.
    public func extract(
        archiveAt archive: String, into directory: String, progress: ArchiveProgressHandler? = nil
    ) async throws -> ExtractionSummary {
        try await DedicatedThread.run(name: "archive-extractor") { flag in
            try extractBlocking(archiveAt: archive, into: directory, progress: progress, cancellation: flag)
        }
    }

    /// The blocking form of ``extract(archiveAt:into:progress:)``.
    public func extractBlocking(
        archiveAt archive: String, into directory: String, progress: ArchiveProgressHandler? = nil
    ) throws -> ExtractionSummary {
        try extractBlocking(archiveAt: archive, into: directory, progress: progress, cancellation: nil)
    }

    func extractBlocking(
        archiveAt archive: String, into directory: String, progress: ArchiveProgressHandler?,
        cancellation: CancellationFlag?
    ) throws -> ExtractionSummary {
        let input = try ArchiveInput(path: archive, limits: limits)
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw ArchiveError(.io, "could not create the target directory \(directory)", underlying: error)
        }
        let target = try TargetDirectory(path: directory)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        var summary = ExtractionSummary(files: 0, directories: 0, bytes: 0, compressedBytes: 0)
        var directories: [(path: EntryPath, entry: TarEntry)] = []
        var pending: [TargetDirectory.PendingFile] = []
        do {
            summary.manifest = try readMembers(
                input, target, buffer, progress, cancellation, &summary, &directories, &pending)
        } catch {
            target.discard(pending[...])
            throw error
        }
        try target.commit(pending)
        for (path, entry) in directories.reversed() where !path.components.isEmpty {
            let handle = try target.directory(path.components[...], entry: entry.path)
            try TargetDirectory.apply(
                mode: entry.mode | 0o700, modificationTime: entry.modificationTime,
                to: handle, entry: entry.path)
        }
        summary.compressedBytes = input.zstd.bytesIn
        return summary
    }

    /// Reads every member, creating directories and writing files under temp names (added to `pending`
    /// as soon as they exist, so a failure can remove them).
    /// - Returns: the manifest the files were checked against, if the archive began with one.
    private func readMembers(
        _ input: ArchiveInput, _ target: TargetDirectory, _ buffer: UnsafeMutableRawBufferPointer,
        _ progress: ArchiveProgressHandler?, _ cancellation: CancellationFlag?, _ summary: inout ExtractionSummary,
        _ directories: inout [(path: EntryPath, entry: TarEntry)], _ pending: inout [TargetDirectory.PendingFile]
    ) throws -> BundleManifest? {
        var check: ManifestCheck?
        while let entry = try input.tar.nextEntry() {
            try cancellation?.check()
            progress?(input.progress(entry.path))
            let path = try EntryPath(entry)
            switch entry.kind {
            case .directory:
                _ = try target.directory(path.components[...], entry: entry.path)
                directories.append((path, entry))
                summary.directories += 1
            case .file:
                guard !path.components.isEmpty else {
                    throw ArchiveError(
                        .unsafeEntry, "'\(entry.path)': a file member needs a name", entry: entry.path,
                        reason: "bad-name")
                }
                if input.tar.memberCount == 1 && path.joined == BundleManifest.fileName {
                    let manifest = try input.readManifest(entry, through: buffer)
                    check = ManifestCheck(try BundleManifest.decode(manifest))
                    var offset = 0
                    pending.append(
                        try target.writeFile(
                            path, entry: entry.path, mode: entry.mode, modificationTime: entry.modificationTime,
                            buffer: buffer
                        ) { chunk in
                            let count = min(chunk.count, manifest.count - offset)
                            chunk.copyBytes(from: manifest[offset..<offset + count])
                            offset += count
                            return count
                        }.0)
                    summary.bytes += entry.size
                    summary.files += 1
                    continue
                }
                let record = try check?.admit(entry)
                var hasher = SHA256()
                let (file, bytes) = try target.writeFile(
                    path, entry: entry.path, mode: entry.mode, modificationTime: entry.modificationTime,
                    buffer: buffer
                ) { chunk in
                    let count = try input.tar.readData(into: chunk)
                    if record != nil { hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: chunk[..<count])) }
                    return count
                }
                pending.append(file)
                if let record { try check?.check(entry, sha256: Hex.string(hasher.finalize()), against: record) }
                summary.bytes += bytes
                summary.files += 1
            default:
                throw Self.refusal(entry)
            }
        }
        try check?.checkNoneMissing()
        return check?.manifest
    }

    static func refusal(_ entry: TarEntry) -> ArchiveError {
        let path = entry.path
        switch entry.kind {
        case .symbolicLink:
            return ArchiveError(
                .unsafeEntry,
                "\(path): symbolic links are refused (it points to '\(entry.linkTarget ?? "")'); "
                    + "bundles hold only files and directories", entry: path, reason: "symlink")
        case .hardLink:
            return ArchiveError(
                .unsafeEntry,
                "\(path): hard links are refused (it links to '\(entry.linkTarget ?? "")'); "
                    + "bundles hold only files and directories", entry: path, reason: "hardlink")
        case .characterDevice, .blockDevice:
            return ArchiveError(
                .unsafeEntry, "\(path): device files are refused; bundles hold only files and directories",
                entry: path, reason: "device")
        case .fifo:
            return ArchiveError(
                .unsafeEntry, "\(path): FIFOs are refused; bundles hold only files and directories",
                entry: path, reason: "fifo")
        case .unsupported(UInt8(ascii: "S")):
            return ArchiveError(
                .unsupportedEntry,
                "\(path): GNU sparse files are not supported; bundles hold only plain files and directories "
                    + "(GNU tar can unpack this one)", entry: path, reason: "unsupported-type")
        case .unsupported(UInt8(ascii: "M")):
            return ArchiveError(
                .unsupportedEntry,
                "\(path): GNU multi-volume archives are not supported; bundles are single files",
                entry: path, reason: "unsupported-type")
        default:
            return ArchiveError(
                .unsupportedEntry, "\(path): \(entry.kind) is not supported; bundles hold only files and directories",
                entry: path, reason: "unsupported-type")
        }
    }
}
