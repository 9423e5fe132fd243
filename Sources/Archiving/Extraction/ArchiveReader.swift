/// Lists the members of a `.tar.zst` without extracting anything.
public struct ArchiveReader: Sendable {
    /// Bounds on members, bytes and the compression ratio.
    public var limits: ArchiveLimits

    /// Creates a reader.
    /// - Parameter limits: what the archive may cost; the defaults suit archives from anyone.
    public init(limits: ArchiveLimits = ArchiveLimits()) {
        self.limits = limits
    }

    /// Every member of the archive at `path`, in order, on a thread of its own. Links, devices and odd
    /// paths are listed as they are; the whole stream is read, so corruption is reported.
    /// - Throws: `ArchiveError` (-32007).
    public func entries(archiveAt path: String, progress: ArchiveProgressHandler? = nil) async throws -> [TarEntry] {
        try await DedicatedThread.run(name: "archive-reader") { flag in
            var entries: [TarEntry] = []
            try forEachEntry(archiveAt: path, progress: progress) { entry in
                try flag.check()
                entries.append(entry)
            }
            return entries
        }
    }

    /// Calls `body` with each member of the archive at `path`, in order, on the calling thread.
    /// - Throws: `ArchiveError` (-32007), or what `body` throws.
    public func forEachEntry(
        archiveAt path: String, progress: ArchiveProgressHandler? = nil, _ body: (TarEntry) throws -> Void
    ) throws {
        let input = try ArchiveInput(path: path, limits: limits)
        while let entry = try input.tar.nextEntry() {
            progress?(input.progress(entry.path))
            try body(entry)
        }
    }
}
