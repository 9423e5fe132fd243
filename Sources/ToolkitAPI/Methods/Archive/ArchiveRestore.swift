public import JSONRPC

/// `archive.restore {path, into}` → `{into, chain, counts}`.
public enum ArchiveRestore: APIMethod {
    public static let name = "archive.restore"
    public static let summary = """
        Rebuilds a complete data directory (toolkit.sqlite and blobs/) at the state of an archive, applying its \
        chain from the full archive on, into a directory that does not exist or is empty (never the live data \
        directory). Every member is checked against its manifest; a damaged archive or a broken chain is \
        -32007 and leaves nothing at into. Serve the result with toolkit serve --data-dir INTO.
        """
    public static let paramsSchema: JSONSchema = .object(
        [
            "path": .string(description: "The archive, an absolute path on the core's machine."),
            "into": .string(description: "The new data directory, an absolute path that is missing or empty."),
            "progress": .boolean(description: "Send progress notifications (archives applied)."),
        ], required: ["path", "into"])
    public static let resultSchema: JSONSchema = .object([
        "into": .string(),
        "chain": .array(of: .string(), description: "The archives applied, full one first."),
        "counts": .object(
            [
                "pets": .integer(), "albums": .integer(), "photos": .integer(), "entries": .integer(),
                "sounds": .integer(), "notes": .integer(description: "Voice notes."), "files": .integer(),
            ], description: "What the restored diary holds."),
    ])

    public struct Params: Codable, Sendable, Hashable {
        public var path: String
        public var into: String
        public var progress: Bool?

        public init(path: String, into: String, progress: Bool? = nil) {
            self.path = path
            self.into = into
            self.progress = progress
        }
    }

    public struct Result: Codable, Sendable, Hashable {
        /// How many records of each kind, and files, the restored diary holds (the same counts as a bundle's).
        public typealias Counts = ExportCreate.Result.Counts

        public var into: String
        public var chain: [String]
        public var counts: Counts

        public init(into: String, chain: [String], counts: Counts) {
            self.into = into
            self.chain = chain
            self.counts = counts
        }
    }
}
