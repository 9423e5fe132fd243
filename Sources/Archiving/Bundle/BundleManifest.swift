public import Foundation

/// `manifest.json`, the first member of a bundle or archive: what it holds and each file's SHA-256.
public struct BundleManifest: Codable, Sendable, Hashable {
    /// One file in the archive.
    public struct Member: Codable, Sendable, Hashable {
        /// The member's path inside the archive.
        public var path: String
        /// Its size in bytes.
        public var size: Int64
        /// Its SHA-256, lower-case hex.
        public var sha256: String

        /// Creates a member record.
        public init(path: String, size: Int64, sha256: String) {
            self.path = path
            self.size = size
            self.sha256 = sha256
        }
    }

    /// The member name a manifest has inside an archive.
    public static let fileName = "manifest.json"
    /// The format version this toolkit writes and reads.
    public static let currentFormat = 1

    /// The format version, 1.
    public var format: Int
    /// `"bundle"` or `"archive"`.
    public var kind: String
    /// When the archive was made, ISO 8601.
    public var createdAt: String
    /// The toolkit version that made it.
    public var toolkitVersion: String?
    /// What was selected for a bundle (filled by the export command).
    public var selection: [String: String]?
    /// Counts per kind of record (filled by the export command).
    public var counts: [String: Int]?
    /// The parent archive of an incremental archive.
    public var previous: String?
    /// Every other file in the archive.
    public var members: [Member]

    /// Creates a manifest.
    public init(
        kind: String = "bundle", createdAt: Date = Date(), toolkitVersion: String? = nil,
        selection: [String: String]? = nil, counts: [String: Int]? = nil, previous: String? = nil,
        members: [Member]
    ) {
        format = Self.currentFormat
        self.kind = kind
        self.createdAt = createdAt.formatted(.iso8601)
        self.toolkitVersion = toolkitVersion
        self.selection = selection
        self.counts = counts
        self.previous = previous
        self.members = members
    }

    /// The manifest as pretty-printed JSON with sorted keys.
    public func encoded() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(self)) + [UInt8(ascii: "\n")]
    }

    /// Decodes a manifest.
    /// - Throws: `ArchiveError.manifest` when it is not a manifest this toolkit understands.
    public static func decode(_ bytes: [UInt8]) throws -> BundleManifest {
        let manifest: BundleManifest
        do {
            manifest = try JSONDecoder().decode(BundleManifest.self, from: Data(bytes))
        } catch {
            throw ArchiveError(
                .manifest, "manifest.json is not a valid manifest: \(error)", entry: fileName, reason: "bad-manifest")
        }
        guard manifest.format == currentFormat else {
            throw ArchiveError(
                .manifest, "manifest.json has format \(manifest.format); this toolkit reads format \(currentFormat)",
                entry: fileName, reason: "manifest-format")
        }
        return manifest
    }
}
