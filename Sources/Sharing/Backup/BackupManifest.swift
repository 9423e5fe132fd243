#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Archiving
import ToolkitAPI

/// An archive's `manifest.json`: a bundle manifest (``BundleManifest`` reads it, so `toolkit bundle verify`
/// checks archives too) with `kind` `"archive"`, `incremental`, and the parent's SHA-256 beside its name in
/// `previous`.
struct BackupManifest: Codable, Sendable {
    var format: Int = BundleManifest.currentFormat
    var kind: String = "archive"
    var createdAt: String
    var toolkitVersion: String?
    var counts: [String: Int]?
    /// The parent's file name, in the same directory; nil for a full archive.
    var previous: String?
    /// The parent's SHA-256.
    var previousSha256: String?
    /// Whether this archive holds only what changed since `previous`.
    var incremental: Bool
    var members: [BundleManifest.Member]

    /// The parent, when this archive is incremental.
    var parent: ArchiveParent? {
        guard let previous, let previousSha256 else { return nil }
        return ArchiveParent(name: previous, sha256: previousSha256)
    }

    var kindName: String { incremental ? "incremental" : "full" }

    /// The manifest as pretty-printed JSON with sorted keys, as bundles have it.
    func encoded() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(self)) + [UInt8(ascii: "\n")]
    }

    /// Decodes `bytes`, the first member of `archive`.
    /// - Throws: ``ArchiveError`` `.manifest` when it is not an archive's manifest.
    static func decode(_ bytes: [UInt8], archive: String) throws -> BackupManifest {
        let manifest: BackupManifest
        do {
            manifest = try JSONDecoder().decode(BackupManifest.self, from: Data(bytes))
        } catch {
            throw ArchiveError(
                .manifest, "\(archive): manifest.json is not an archive's manifest: \(error)",
                entry: BundleManifest.fileName, reason: "bad-manifest")
        }
        guard manifest.kind == "archive", manifest.format == BundleManifest.currentFormat else {
            throw ArchiveError(
                .manifest, "\(archive) is a \(manifest.kind) of format \(manifest.format), not a toolkit archive.",
                entry: BundleManifest.fileName, reason: "not-an-archive")
        }
        return manifest
    }
}
