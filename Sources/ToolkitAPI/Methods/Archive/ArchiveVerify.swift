public import JSONRPC

/// `archive.verify {path}` → `{path, kind, members, bytes, chain}`, or -32007 naming the damaged member.
public enum ArchiveVerify: APIMethod {
    public static let name = "archive.verify"
    public static let effect: RPCMethodEffect = .read
    public static let summary = """
        Reads an archive back in full against its manifest (zstd and tar checksums, every file's size and \
        SHA-256), then checks that its chain is there: each parent in the same directory, with the SHA-256 its \
        child recorded. Damage or a broken chain is -32007 with data.entry and data.reason.
        """
    public static let paramsSchema: JSONSchema = .object(
        ["path": APISchema.path(description: "The archive, an absolute path on the core's machine.")],
        required: ["path"])
    public static let resultSchema: JSONSchema = .object([
        "path": .string(),
        "kind": .string(description: "\"full\" or \"incremental\"."),
        "members": .integer(description: "Members read back."),
        "bytes": .integer(description: "Bytes of file data checked."),
        "chain": .array(of: .string(), description: "The archives this one needs, full one first, itself last."),
    ])

    /// The params of `archive.verify`: `{path}`.
    public struct Params: Codable, Sendable, Hashable {
        /// The archive, an absolute path on the core's machine.
        public var path: String

        /// Makes the params.
        public init(path: String) { self.path = path }
    }

    /// What `archive.verify` answers: `{path, kind, members, bytes, chain}`.
    public struct Result: Codable, Sendable, Hashable {
        /// The archive checked.
        public var path: String
        /// "full" or "incremental".
        public var kind: String
        /// Members read back.
        public var members: Int
        /// Bytes of file data checked.
        public var bytes: Int64
        /// The archives this one needs, full one first, itself last.
        public var chain: [String]

        /// Makes the answer.
        public init(path: String, kind: String, members: Int, bytes: Int64, chain: [String]) {
            self.path = path
            self.kind = kind
            self.members = members
            self.bytes = bytes
            self.chain = chain
        }
    }
}
