/// Checks the files of an archive being unpacked against the `manifest.json` that came first: each file's
/// size before its data is written, its SHA-256 once written, and at the end that none is missing.
/// Reasons and messages are ``ArchiveVerifier``'s: `unexpected`, `duplicate`, `size-mismatch`,
/// `sha256-mismatch`, `missing`.
struct ManifestCheck {
    /// The manifest checked against.
    let manifest: BundleManifest
    /// The manifest's records by normalized path.
    private var expected: [String: BundleManifest.Member] = [:]
    /// Normalized paths of the files met so far.
    private var seen: Set<String> = []

    init(_ manifest: BundleManifest) {
        self.manifest = manifest
        for member in manifest.members { expected[EntryPath.normalized(member.path)] = member }
    }

    /// Admits a file member from its header, before any of its data is written.
    /// - Returns: the manifest's record of it, to check its SHA-256 against once written.
    /// - Throws: `ArchiveError.verificationFailed` naming the member: `unexpected`, `duplicate` or
    ///   `size-mismatch`.
    mutating func admit(_ entry: TarEntry) throws -> BundleManifest.Member {
        let name = EntryPath.normalized(entry.path)
        guard let record = expected[name] else {
            throw failure(entry.path, "unexpected", "in the archive but not listed in the manifest")
        }
        guard seen.insert(name).inserted else {
            throw failure(entry.path, "duplicate", "the archive holds this path more than once")
        }
        guard entry.size == record.size else {
            throw failure(
                entry.path, "size-mismatch", "\(entry.size) bytes in the archive, \(record.size) in the manifest")
        }
        return record
    }

    /// Checks a written file's SHA-256 (lower-case hex) against its record.
    /// - Throws: `ArchiveError.verificationFailed` naming the member, reason `sha256-mismatch`.
    func check(_ entry: TarEntry, sha256: String, against record: BundleManifest.Member) throws {
        guard sha256 == record.sha256.lowercased() else {
            throw failure(entry.path, "sha256-mismatch", "its SHA-256 is \(sha256), the manifest says \(record.sha256)")
        }
    }

    /// Checks, after the last member, that every listed file was in the archive.
    /// - Throws: `ArchiveError.verificationFailed` naming the first missing file, reason `missing`.
    func checkNoneMissing() throws {
        for member in manifest.members where !seen.contains(EntryPath.normalized(member.path)) {
            throw failure(member.path, "missing", "listed in the manifest but not in the archive")
        }
    }

    private func failure(_ path: String, _ reason: String, _ what: String) -> ArchiveError {
        ArchiveError(
            .verificationFailed,
            "\(path): \(what); the archive does not match its manifest.json, so no file was "
                + "unpacked", entry: path, reason: reason)
    }
}
