#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Archiving
import Glibc
import Media
import PetDiary
package import ToolkitAPI

/// `archive.restore`: rebuilds a complete data directory (`toolkit.sqlite`, `blobs/`) at the state of an
/// archive, applying its chain from the full archive on.
///
/// Each archive is streamed once: every member is checked against its manifest (size, SHA-256; none missing,
/// none extra) as it is read; photo and sound files go straight into the new blob store's temp files, 1 MiB
/// at a time (memory stays bounded by the records, never by the files); records are upserted by id and the
/// deletions applied, archive after archive. The result is built in a hidden directory beside `into` and
/// renamed to it only when complete, so a failure leaves nothing at `into`.
package struct BackupRestorer: Sendable {
    /// The live data directory, which is never a target.
    let liveDataDirectory: String?

    package init(liveDataDirectory: String?) { self.liveDataDirectory = liveDataDirectory }

    /// Restores the archive at `path` into `into`.
    /// - Parameter progress: called with the archives applied and their number.
    /// - Throws: ``SharingError`` `.invalid` (-32602) for an `into` that is relative, not empty or the live data
    ///   directory; ``ArchiveError`` (-32007) for a damaged archive or a broken chain.
    package func restore(
        _ path: String, into: String, progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }
    ) async throws -> ArchiveRestore.Result {
        try check(into)
        let chain = try await BackupChain.resolve(path)
        let slash = into.lastIndex(of: "/") ?? into.startIndex
        let parent = slash == into.startIndex ? "/" : String(into[..<slash])
        let staging = parent + "/.\(into[into.index(after: slash)...]).restoring-\(getpid())"
        do {
            try FileManager.default.createDirectory(
                atPath: staging, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            let counts = try await build(chain, in: staging, progress: progress)
            if FileManager.default.fileExists(atPath: into) { rmdir(into) }
            guard rename(staging, into) == 0 else {
                throw ArchiveError(
                    .io, "Cannot rename the restored directory to \(into): \(String(cString: strerror(errno))).")
            }
            BackupDirectory.sync(parent)
            return ArchiveRestore.Result(into: into, chain: chain.links.map(\.name), counts: counts)
        } catch {
            try? FileManager.default.removeItem(atPath: staging)
            throw error
        }
    }

    /// Refuses a target that is relative, holds something, or is the live data directory.
    func check(_ into: String) throws {
        guard into.hasPrefix("/") else {
            throw SharingError.invalid("into '\(into)' is relative; give an absolute path.", field: "into")
        }
        if let live = liveDataDirectory, Self.canonical(live) == Self.canonical(into) {
            throw SharingError.invalid(
                "into is the live data directory; restore into a new directory and serve that.", field: "into")
        }
        var info = stat()
        guard stat(into, &info) == 0 else { return }
        let contents = (try? FileManager.default.contentsOfDirectory(atPath: into)) ?? ["?"]
        guard info.st_mode & S_IFMT == S_IFDIR, contents.isEmpty else {
            throw SharingError.invalid(
                "into '\(into)' exists and is not an empty directory; give a new or empty one.", field: "into")
        }
    }

    static func canonical(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Applies the chain into `directory`: files into `blobs/`, records into `toolkit.sqlite`.
    func build(
        _ chain: BackupChain, in directory: String, progress: @escaping @Sendable (Int, Int) -> Void
    ) async throws -> ArchiveRestore.Result.Counts {
        let blobs = try BlobStore(root: directory + "/blobs")
        let applied = try await DedicatedThread.run(name: "archive-restore") { flag in
            var state = ChainReplay(blobs: blobs)
            for (index, link) in chain.links.enumerated() {
                try state.apply(link, cancellation: flag)
                progress(index + 1, chain.links.count)
            }
            return state
        }
        let snapshot = try applied.snapshot()
        let referenced = Set(snapshot.photos.map(\.sha256) + snapshot.sounds.map(\.sha256))
        let missing = referenced.subtracting(applied.staged.keys)
        if let sha256 = missing.sorted().first {
            throw ArchiveError(
                .verificationFailed, "The chain holds no file with SHA-256 \(sha256), which a record names.",
                entry: sha256, reason: "missing-file")
        }
        // The videos' browser copies come back with their videos.
        let videos = Set(snapshot.photos.map(\.sha256))
        let copies = applied.renditions.filter { videos.contains($0.key) && applied.staged[$0.value] != nil }
        let keep = referenced.union(copies.values)
        let kept = applied.staged.filter { keep.contains($0.key) }
        for (sha256, staged) in applied.staged where !keep.contains(sha256) { blobs.discard(staged) }
        _ = try await blobs.publish(Array(kept.values))
        let sizes = kept.mapValues(\.size)
        try await Self.store(
            snapshot, renditions: copies.map { ($0.key, $0.value, sizes[$0.value] ?? 0) },
            at: directory + "/toolkit.sqlite")
        return snapshot.bundleCounts(files: kept.keys.filter(referenced.contains).count)
    }

    /// Writes `snapshot` and the videos' browser copies (the video's blob, the copy's, its size) into a new
    /// database at `path`, and closes it.
    static func store(
        _ snapshot: DiarySnapshot, renditions: [(String, String, Int64)] = [], at path: String
    ) async throws {
        let store = try DiaryStore(path: path)
        try await store.restore(snapshot)
        for (video, copy, bytes) in renditions {
            _ = try await store.blobReferences.recordRendition(of: video, renditionSha256: copy, bytes: bytes)
        }
    }
}
