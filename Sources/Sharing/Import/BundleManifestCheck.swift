import Archiving

/// Checks a share bundle's members against its `manifest.json` while it is read: each file's size from
/// its header (before any data), its SHA-256 once staged, and at the end that none is missing. The reasons
/// are the Archiving library's (`unexpected`, `duplicate`, `size-mismatch`, `sha256-mismatch`, `missing`),
/// plus `unknown-member` for a listed path a bundle cannot hold and `name-mismatch` for a media or sound
/// file whose listed SHA-256 is not its name.
struct BundleManifestCheck {
    let manifest: BundleManifest
    /// The manifest's records and roles by normalized path.
    private var expected: [String: (record: BundleManifest.Member, role: BundleMemberRole)] = [:]
    private var seen: Set<String> = []

    /// - Throws: `ArchiveError` when the manifest lists a path twice, a path a bundle cannot hold, or a
    ///   media or sound file under a name that is not its SHA-256.
    init(_ manifest: BundleManifest) throws {
        self.manifest = manifest
        for member in manifest.members {
            let name = EntryPath.normalized(member.path)
            guard let role = BundleMemberRole(path: name) else {
                throw Self.failure(
                    member.path, "unknown-member",
                    "listed in the manifest, but a share bundle holds only data/*.jsonl, media/<sha256>.<ext>, "
                        + "sounds/<sha256>.wav, renditions/<sha256>.mp4, and index.html with thumbs/<sha256>.jpg")
            }
            if let named = role.namedSHA256, named != member.sha256.lowercased() {
                throw Self.failure(
                    member.path, "name-mismatch", "the manifest gives it the SHA-256 \(member.sha256), not its name")
            }
            guard expected.updateValue((member, role), forKey: name) == nil else {
                throw Self.failure(member.path, "duplicate", "the manifest lists this path more than once")
            }
        }
    }

    /// Admits a file member from its header, before any of its data is read.
    /// - Throws: `ArchiveError` naming the member: `unexpected`, `duplicate`, `size-mismatch`.
    mutating func admit(_ entry: TarEntry) throws -> (record: BundleManifest.Member, role: BundleMemberRole) {
        let name = EntryPath.normalized(entry.path)
        guard let expectation = expected[name] else {
            throw Self.failure(entry.path, "unexpected", "in the bundle but not listed in its manifest")
        }
        guard seen.insert(name).inserted else {
            throw Self.failure(entry.path, "duplicate", "the bundle holds this path more than once")
        }
        guard entry.size == expectation.record.size else {
            throw Self.failure(
                entry.path, "size-mismatch",
                "\(entry.size) bytes in the bundle, \(expectation.record.size) in the manifest")
        }
        return expectation
    }

    /// Checks a staged file's SHA-256 against its record.
    /// - Throws: `ArchiveError` naming the member, reason `sha256-mismatch`.
    func check(_ path: String, sha256: String, against record: BundleManifest.Member) throws {
        guard sha256 == record.sha256.lowercased() else {
            throw Self.failure(path, "sha256-mismatch", "its SHA-256 is \(sha256), the manifest says \(record.sha256)")
        }
    }

    /// Checks, after the last member, that every listed file was there.
    /// - Throws: `ArchiveError` naming the first missing file, reason `missing`.
    func checkNoneMissing() throws {
        for member in manifest.members where !seen.contains(EntryPath.normalized(member.path)) {
            throw Self.failure(member.path, "missing", "listed in the manifest but not in the bundle")
        }
    }

    static func failure(_ path: String, _ reason: String, _ what: String) -> ArchiveError {
        ArchiveError(
            .verificationFailed,
            "\(path): \(what); the bundle is damaged or was changed after it was made, so nothing was imported",
            entry: path, reason: reason)
    }
}
