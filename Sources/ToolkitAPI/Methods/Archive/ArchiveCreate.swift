public import JSONRPC

/// `archive.create {to?, progress?}` → `{path, name, size, sha256, kind, previous, counts, note}`.
public enum ArchiveCreate: APIMethod {
    public static let name = "archive.create"
    public static let summary = """
        Writes an archive of the whole diary into the archive directory (default: archives/ in the data \
        directory): the first one there is full, the next ones incremental (the records changed and deleted and \
        the files added since the previous archive, which the manifest names with its SHA-256). Each archive is \
        read back and checked before it gets its final name. Refused with -32002 (data.reason "locked") while \
        another archive run holds the directory's lock. archive.beforeCreate plugins may refuse (-32004); \
        archive.completed is published when done.
        """
    public static let paramsSchema: JSONSchema = .object([
        "to": .string(
            description: "The archive directory, an absolute path on the core's machine (created if missing); "
                + "only for a client of the core's own user."),
        "progress": .boolean(description: "Send progress notifications (bytes of files written)."),
    ])
    public static let resultSchema: JSONSchema = .object([
        "path": .string(description: "The archive's absolute path."),
        "name": .string(description: "Its file name: <diary>-<UTC time>-full|incr.tar.zst."),
        "size": .integer(description: "Its size in bytes."),
        "sha256": .string(description: "Its SHA-256, lower-case hex."),
        "kind": .string(description: "\"full\" or \"incremental\"."),
        "previous": ArchiveParent.schema,
        "counts": ArchiveCounts.schema,
        "note": .nullable(
            .string(description: "Why a full archive was made where an incremental one was expected, if so.")),
    ])

    /// The params of `archive.create`: `{to?, progress?}`.
    public struct Params: Codable, Sendable, Hashable {
        /// The archive directory, an absolute path on the core's machine (created if missing); only for a client of the
        /// core's own user.
        public var to: String?
        /// Send progress notifications (bytes of files written).
        public var progress: Bool?

        public init(to: String? = nil, progress: Bool? = nil) {
            self.to = to
            self.progress = progress
        }
    }

    /// What `archive.create` answers: `{path, name, size, sha256, kind, previous, counts, note}`.
    public struct Result: Codable, Sendable, Hashable {
        /// The archive's absolute path.
        public var path: String
        /// Its file name: <diary>-<UTC time>-full|incr.tar.zst.
        public var name: String
        /// Its size in bytes.
        public var size: Int64
        /// Its SHA-256, lower-case hex.
        public var sha256: String
        /// "full" or "incremental".
        public var kind: String
        /// The archive this one builds on; null for a full archive.
        public var previous: ArchiveParent?
        public var counts: ArchiveCounts
        /// Why a full archive was made where an incremental one was expected, if so.
        public var note: String?

        public init(
            path: String, name: String, size: Int64, sha256: String, kind: String, previous: ArchiveParent?,
            counts: ArchiveCounts, note: String?
        ) {
            self.path = path
            self.name = name
            self.size = size
            self.sha256 = sha256
            self.kind = kind
            self.previous = previous
            self.counts = counts
            self.note = note
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(path, forKey: .path)
            try container.encode(name, forKey: .name)
            try container.encode(size, forKey: .size)
            try container.encode(sha256, forKey: .sha256)
            try container.encode(kind, forKey: .kind)
            try container.encode(previous, forKey: .previous)
            try container.encode(counts, forKey: .counts)
            try container.encode(note, forKey: .note)
        }
    }
}
