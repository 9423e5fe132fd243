public import JSONRPC

/// `archive.create {to?, progress?, force?}` → `{path, name, size, sha256, kind, previous, counts, note, unchanged}`.
public enum ArchiveCreate: APIMethod {
    public static let name = "archive.create"
    public static let effect: RPCMethodEffect = .write
    public static let summary = """
        Writes an archive of the whole diary into the archive directory (default: archives/ in the data \
        directory): the first one there is full, the next ones incremental (the records changed and deleted and \
        the files added since the previous archive, which the manifest names with its SHA-256). When nothing \
        changed since the latest archive, none is written unless force is true: the result describes that \
        archive, with unchanged true. Each archive is \
        read back and checked before it gets its final name. Refused with -32002 (data.reason "locked") while \
        another archive run holds the directory's lock. archive.beforeCreate plugins may refuse (-32004); \
        archive.completed is published when done.
        """
    public static let paramsSchema: JSONSchema = .object([
        "to": APISchema.path(
            description: "The archive directory, an absolute path on the core's machine (created if missing); "
                + "only for a client of the core's own user."),
        "progress": .boolean(description: "Send progress notifications (bytes of files written)."),
        "force": .boolean(description: "Write an incremental archive even when nothing changed since the latest."),
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
        "unchanged": .boolean(
            description: "True when nothing changed since the latest archive, which the result then describes; "
                + "none was written."),
    ])

    /// The params of `archive.create`: `{to?, progress?}`.
    public struct Params: Codable, Sendable, Hashable {
        /// The archive directory, an absolute path on the core's machine (created if missing); only for a client of the
        /// core's own user.
        public var to: String?
        /// Send progress notifications (bytes of files written).
        public var progress: Bool?
        /// Write an incremental archive even when nothing changed since the latest.
        public var force: Bool?

        /// Makes the params; a nil member is left out and takes its default.
        public init(to: String? = nil, progress: Bool? = nil, force: Bool? = nil) {
            self.to = to
            self.progress = progress
            self.force = force
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
        /// What the archive holds (for an incremental one, what changed).
        public var counts: ArchiveCounts
        /// Why a full archive was made where an incremental one was expected, if so.
        public var note: String?
        /// True when nothing changed since the latest archive, which the result then describes; none was written.
        public var unchanged: Bool

        /// Makes the answer; `unchanged` is false unless given.
        public init(
            path: String, name: String, size: Int64, sha256: String, kind: String, previous: ArchiveParent?,
            counts: ArchiveCounts, note: String?, unchanged: Bool = false
        ) {
            self.path = path
            self.name = name
            self.size = size
            self.sha256 = sha256
            self.kind = kind
            self.previous = previous
            self.counts = counts
            self.note = note
            self.unchanged = unchanged
        }

        enum CodingKeys: String, CodingKey {
            case path, name, size, sha256, kind, previous, counts, note, unchanged
        }

        /// Decodes a result; `unchanged` is false when an older core leaves it out.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            path = try container.decode(String.self, forKey: .path)
            name = try container.decode(String.self, forKey: .name)
            size = try container.decode(Int64.self, forKey: .size)
            sha256 = try container.decode(String.self, forKey: .sha256)
            kind = try container.decode(String.self, forKey: .kind)
            previous = try container.decodeIfPresent(ArchiveParent.self, forKey: .previous)
            counts = try container.decode(ArchiveCounts.self, forKey: .counts)
            note = try container.decodeIfPresent(String.self, forKey: .note)
            unchanged = try container.decodeIfPresent(Bool.self, forKey: .unchanged) ?? false
        }

        /// Writes every member, `previous` and `note` as `null` when unset.
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
            try container.encode(unchanged, forKey: .unchanged)
        }
    }
}
