public import JSONRPC

/// `archive.list {to?, limit?, cursor?}` → `{items: [{path, name, kind, createdAt, previous, size, counts}],
/// nextCursor}`, oldest first.
public enum ArchiveList: APIMethod {
    public static let name = "archive.list"
    public static let effect: RPCMethodEffect = .read
    public static let summary = """
        Lists the archives in the archive directory, oldest first, each read from its manifest only (the first \
        member; the rest is not decompressed): kind, creation time, parent, size and counts. Paginated like \
        every list (limit, cursor); always oldest first.
        """
    public static let paramsSchema: JSONSchema = .object([
        "to": APISchema.path(description: "The archive directory (default: archives/ in the data directory)."),
        "limit": APISchema.limit, "cursor": APISchema.cursor,
    ])
    public static let resultSchema: JSONSchema = APISchema.page(of: ArchiveListItem.schema)

    /// The params of `archive.list`: `{to?, limit?, cursor?}`.
    public struct Params: Codable, Sendable, Hashable {
        /// The archive directory (default: archives/ in the data directory).
        public var to: String?
        /// Items per page, 1 to 500 (default 20).
        public var limit: Int?
        /// The `nextCursor` of the previous page.
        public var cursor: String?

        /// Makes the params; a nil member is left out and takes its default.
        public init(to: String? = nil, limit: Int? = nil, cursor: String? = nil) {
            self.to = to
            self.limit = limit
            self.cursor = cursor
        }
    }

    /// One page of archives, oldest first; `nextCursor` is `null` on the last.
    public typealias Result = PageRecord<ArchiveListItem>
}

/// One archive of a directory, as its manifest describes it.
public struct ArchiveListItem: Codable, Sendable, Hashable {
    /// The archive's absolute path.
    public var path: String
    /// Its file name: `<diary>-<UTC time>-full|incr.tar.zst`.
    public var name: String
    /// `full` or `incremental`.
    public var kind: String
    /// When it was written, RFC 3339 UTC, from its manifest.
    public var createdAt: String
    /// The archive this one builds on; null for a full archive.
    public var previous: ArchiveParent?
    /// Its size in bytes.
    public var size: Int64
    /// What it holds, from its manifest.
    public var counts: ArchiveCounts

    /// Makes the item.
    public init(
        path: String, name: String, kind: String, createdAt: String, previous: ArchiveParent?, size: Int64,
        counts: ArchiveCounts
    ) {
        self.path = path
        self.name = name
        self.kind = kind
        self.createdAt = createdAt
        self.previous = previous
        self.size = size
        self.counts = counts
    }

    /// Writes every member, `previous` as `null` for a full archive.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(path, forKey: .path)
        try container.encode(name, forKey: .name)
        try container.encode(kind, forKey: .kind)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(previous, forKey: .previous)
        try container.encode(size, forKey: .size)
        try container.encode(counts, forKey: .counts)
    }

    /// The schema of one item.
    public static let schema: JSONSchema = .object([
        "path": .string(), "name": .string(), "kind": .string(description: "\"full\" or \"incremental\"."),
        "createdAt": APISchema.time, "previous": ArchiveParent.schema, "size": .integer(),
        "counts": ArchiveCounts.schema,
    ])
}
