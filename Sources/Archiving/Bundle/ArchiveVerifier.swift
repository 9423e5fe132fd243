import Hashing

/// Reads a `.tar.zst` back in full and checks it: zstd frame checksums, tar header checksums, and, when
/// it has a `manifest.json` first (or one is given), every file's size and SHA-256 against it.
public struct ArchiveVerifier: Sendable {
    /// Bounds on members, bytes and the compression ratio.
    public var limits: ArchiveLimits

    /// Creates a verifier.
    public init(limits: ArchiveLimits = ArchiveLimits()) {
        self.limits = limits
    }

    /// Verifies the archive at `path` on a thread of its own.
    /// - Parameter manifest: the manifest to check against; `nil` uses the archive's own, if any.
    /// - Returns: a report whose ``VerificationReport/problems`` list every difference.
    /// - Throws: `ArchiveError` (-32007) when the archive cannot be read to its end.
    public func verify(
        archiveAt path: String, against manifest: BundleManifest? = nil, progress: ArchiveProgressHandler? = nil
    ) async throws -> VerificationReport {
        try await DedicatedThread.run(name: "archive-verifier") { flag in
            try verifyBlocking(archiveAt: path, against: manifest, progress: progress, cancellation: flag)
        }
    }

    /// The blocking form of ``verify(archiveAt:against:progress:)``.
    public func verifyBlocking(
        archiveAt path: String, against manifest: BundleManifest? = nil, progress: ArchiveProgressHandler? = nil
    ) throws -> VerificationReport {
        try verifyBlocking(archiveAt: path, against: manifest, progress: progress, cancellation: nil)
    }

    func verifyBlocking(
        archiveAt path: String, against given: BundleManifest?, progress: ArchiveProgressHandler?,
        cancellation: CancellationFlag?
    ) throws -> VerificationReport {
        let input = try ArchiveInput(path: path, limits: limits)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        var manifest = given
        var seen: [String: BundleManifest.Member] = [:]
        var problems: [VerificationReport.Problem] = []
        var bytes: Int64 = 0
        var first = true
        while let entry = try input.tar.nextEntry() {
            try cancellation?.check()
            progress?(input.progress(entry.path))
            defer { first = false }
            guard entry.kind == .file else { continue }
            let name = EntryPath.normalized(entry.path)
            if first && name == BundleManifest.fileName && given == nil {
                manifest = try BundleManifest.decode(try input.readManifest(entry, through: buffer))
                continue
            }
            var hasher = SHA256()
            while true {
                let count = try input.tar.readData(into: buffer)
                if count == 0 { break }
                hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: buffer[..<count]))
            }
            bytes += entry.size
            if seen[name] != nil {
                problems.append(
                    .init(
                        entry: entry.path, reason: "duplicate",
                        message: "\(entry.path): the archive holds this path more than once"))
            }
            seen[name] = BundleManifest.Member(path: name, size: entry.size, sha256: Hex.string(hasher.finalize()))
        }
        if let manifest { problems += Self.compare(manifest, seen) }
        return VerificationReport(
            membersChecked: input.tar.memberCount, bytesChecked: bytes, manifest: manifest, problems: problems)
    }

    private static func compare(
        _ manifest: BundleManifest, _ seen: [String: BundleManifest.Member]
    ) -> [VerificationReport.Problem] {
        var problems: [VerificationReport.Problem] = []
        var listed = Set<String>()
        for member in manifest.members {
            let name = EntryPath.normalized(member.path)
            listed.insert(name)
            guard let actual = seen[name] else {
                problems.append(
                    .init(
                        entry: member.path, reason: "missing",
                        message: "\(member.path): listed in the manifest but not in the archive"))
                continue
            }
            if actual.size != member.size {
                problems.append(
                    .init(
                        entry: member.path, reason: "size-mismatch",
                        message: "\(member.path): \(actual.size) bytes in the archive, \(member.size) in the manifest"))
            } else if actual.sha256 != member.sha256.lowercased() {
                problems.append(
                    .init(
                        entry: member.path, reason: "sha256-mismatch",
                        message: "\(member.path): its SHA-256 is \(actual.sha256), the manifest says \(member.sha256)"))
            }
        }
        for name in seen.keys.sorted() where !listed.contains(name) {
            problems.append(
                .init(
                    entry: name, reason: "unexpected",
                    message: "\(name): in the archive but not listed in the manifest"))
        }
        return problems
    }
}
