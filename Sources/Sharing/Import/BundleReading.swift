import Archiving
import Media
import PetDiary

/// Reads an untrusted share bundle in one streaming pass and stages its members (see ``StagedBundle``).
///
/// `manifest.json` must come first (kind `bundle`, format 1); every other member must be a file the
/// manifest lists, at a path a bundle may hold (``BundleMemberRole``), with the listed size (checked from
/// its header) and SHA-256 (checked as it is staged); a media or sound file's SHA-256 is its name. Links,
/// devices, traversal and absolute names are refused, and the Archiving library's limits (members, bytes,
/// ratio) apply. Memory stays bounded: each member streams through one 1 MiB buffer into a temp file.
struct BundleReading: Sendable {
    let blobs: BlobStore
    let limits: ArchiveLimits

    /// Reads and stages the bundle at `path` on a thread of its own; cancelling the task stops it.
    /// - Parameter progress: compressed bytes read and the file's size, from the reading thread.
    /// - Throws: `ArchiveError` (-32007 naming the member and the reason, -32005 when cancelled); nothing
    ///   staged is left behind.
    func stage(
        bundleAt path: String, progress: @escaping @Sendable (Int64, Int64) -> Void
    ) async throws -> StagedBundle {
        try await DedicatedThread.run(name: "bundle-import") { flag in
            try stageBlocking(path, progress: progress, flag: flag)
        }
    }

    private func stageBlocking(
        _ path: String, progress: (Int64, Int64) -> Void, flag: CancellationFlag
    ) throws -> StagedBundle {
        let input = try ArchiveInput(path: path, limits: limits)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        guard let first = try input.tar.nextEntry() else {
            throw ArchiveError(
                .manifest, "\(path) holds no members; a share bundle begins with manifest.json",
                entry: BundleManifest.fileName, reason: "empty")
        }
        var check = try BundleManifestCheck(try readManifest(first, input, buffer))
        var bundle = StagedBundle(manifest: check.manifest)
        do {
            while let entry = try input.tar.nextEntry() {
                try flag.check()
                progress(input.zstd.bytesIn, input.compressedSize)
                let name = try EntryPath(entry).joined
                switch entry.kind {
                case .file:
                    break
                case .directory where BundleMemberRole.directories.contains(name):
                    continue
                default:
                    throw BundleRefusal.of(entry)
                }
                let (record, role) = try check.admit(entry)
                let blob = try stageData(of: entry, input, buffer, flag: flag) {
                    progress(input.zstd.bytesIn, input.compressedSize)
                }
                do {
                    try check.check(entry.path, sha256: blob.sha256, against: record)
                } catch {
                    blobs.discard(blob)
                    throw error
                }
                switch role {
                case .data(let kind): bundle.dataFiles[kind] = blob
                case .media: bundle.files.append(BundleFile(member: name, blob: blob, isSound: false))
                case .sound: bundle.files.append(BundleFile(member: name, blob: blob, isSound: true))
                case .rendition(let original):
                    bundle.renditions.append(BundledRendition(member: name, original: original, blob: blob))
                case .gallery: blobs.discard(blob)
                }
            }
            try check.checkNoneMissing()
            progress(input.compressedSize, input.compressedSize)
            return bundle
        } catch {
            bundle.discard(from: blobs)
            throw error
        }
    }

    /// The first member, which must be `manifest.json` of a bundle.
    private func readManifest(
        _ entry: TarEntry, _ input: ArchiveInput, _ buffer: UnsafeMutableRawBufferPointer
    ) throws -> BundleManifest {
        guard entry.kind == .file, EntryPath.normalized(entry.path) == BundleManifest.fileName else {
            throw ArchiveError(
                .manifest,
                "\(entry.path): a share bundle begins with manifest.json, and this file does not; it is not a "
                    + "bundle the toolkit made", entry: entry.path, reason: "no-manifest")
        }
        let manifest = try BundleManifest.decode(try input.readManifest(entry, through: buffer))
        guard manifest.kind == "bundle" else {
            throw ArchiveError(
                .manifest,
                manifest.kind == "archive"
                    ? "this is an archive, not a share bundle; bring it back with toolkit restore (a new data "
                        + "directory with --into DIR, or a part of it with --pet or --from/--to)"
                    : "manifest.json says this is a '\(manifest.kind)', not a share bundle; import takes bundles made "
                        + "by toolkit export",
                entry: entry.path, reason: "manifest-kind")
        }
        return manifest
    }

    /// Streams the current member's data into a new temp file of the blob store, hashing it.
    private func stageData(
        of entry: TarEntry, _ input: ArchiveInput, _ buffer: UnsafeMutableRawBufferPointer, flag: CancellationFlag,
        chunkRead: () -> Void
    ) throws -> StagedBlob {
        let writer = try blobs.makeWriter()
        do {
            while true {
                try flag.check()
                let count = try input.tar.readData(into: buffer)
                if count == 0 { break }
                try writer.write(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
                chunkRead()
            }
            return try writer.finish()
        } catch var error as ArchiveError {
            writer.discard()
            // The decompressor's errors (a zstd bomb's ratio, corruption) name no member: this one.
            if error.entry == nil {
                error.entry = entry.path
                error.message = "\(entry.path): \(error.message); nothing was imported"
            }
            throw error
        } catch {
            writer.discard()
            throw error
        }
    }
}
