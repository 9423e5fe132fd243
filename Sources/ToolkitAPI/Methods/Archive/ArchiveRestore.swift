public import JSONRPC

/// `archive.restore {path, into}` → `{into, chain, counts}`: a whole new data directory; or
/// `archive.restore {path, pet?, from?, to?, onConflict?}` → `{chain, added, skipped, replaced}`: a part merged
/// into the running diary.
public enum ArchiveRestore: APIMethod {
    public static let name = "archive.restore"
    public static let effect: RPCMethodEffect = .destroy
    public static let summary = """
        Brings back an archive's state, applying its chain from the full archive on; every member is checked \
        against its manifest, and a damaged archive or a broken chain is -32007 and changes nothing. With into: \
        rebuilds a complete data directory (toolkit.sqlite and blobs/) in a directory that does not exist or is \
        empty (never the live data directory); serve it with toolkit serve --data-dir INTO. Without into: \
        merges a part of it (pet, by id or its name in the archive, and/or the days from..to, chosen as \
        export.create chooses them) into the running diary as import.bundle merges a bundle, in one \
        transaction; onConflict skip (the default) brings back what was deleted or lost and keeps what is \
        here, replace rolls the part back to the archive's state, duplicate adds the archive's copies under \
        new ids. import.completed is published with source "archive".
        """
    public static let paramsSchema: JSONSchema = .object(
        [
            "path": APISchema.path(description: "The archive, an absolute path on the core's machine."),
            "into": APISchema.path(
                description: "The new data directory, an absolute path that is missing or empty; not with "
                    + "pet, from or to."),
            "pet": .string(description: "Without into: the pet to bring back, by id or by its name in the archive."),
            "from": .string(description: "Without into: photos taken and entries dated from this day on."),
            "to": .string(description: "Without into: photos taken and entries dated up to this day."),
            "onConflict": .string(
                description: "Without into: skip, replace or duplicate, for a record whose id is already in the "
                    + "diary (default skip).",
                pattern: "^(skip|replace|duplicate)$"),
            "progress": .boolean(description: "Send progress notifications (archives applied)."),
        ], required: ["path"])
    public static let resultSchema: JSONSchema = .object([
        "into": .string(description: "With into: the new data directory."),
        "chain": .array(of: .string(), description: "The archives applied, full one first."),
        "counts": .object(
            [
                "pets": .integer(), "albums": .integer(), "photos": .integer(), "videos": .integer(),
                "entries": .integer(), "sounds": .integer(), "notes": .integer(description: "Voice notes."),
                "files": .integer(),
            ], description: "With into: what the restored diary holds."),
        "added": ImportBundle.counts("Without into: records added."),
        "skipped": ImportBundle.counts("Without into: records left out, already here (skip) or built-in sounds."),
        "replaced": ImportBundle.counts("Without into: stored records rolled back to the archive's (replace)."),
    ])

    /// The params of `archive.restore`: `{path, into}`.
    public struct Params: Codable, Sendable, Hashable {
        /// The archive, an absolute path on the core's machine.
        public var path: String
        /// The new data directory, an absolute path that is missing or empty; not with pet, from or to.
        public var into: String?
        /// Without into: the pet to bring back, by id or by its name in the archive.
        public var pet: String?
        /// Without into: photos taken and entries dated from this day on.
        public var from: String?
        /// Without into: photos taken and entries dated up to this day.
        public var to: String?
        /// Without `into`: `skip`, `replace` or `duplicate`, for a record whose id is already in the diary
        /// (default `skip`).
        public var onConflict: String?
        /// Send progress notifications (archives applied).
        public var progress: Bool?

        /// Makes the params: with `into` a whole new data directory, without it a merge into the running diary.
        public init(
            path: String, into: String? = nil, pet: String? = nil, from: String? = nil, to: String? = nil,
            onConflict: String? = nil, progress: Bool? = nil
        ) {
            self.path = path
            self.into = into
            self.pet = pet
            self.from = from
            self.to = to
            self.onConflict = onConflict
            self.progress = progress
        }
    }

    /// What `archive.restore` answers: `{into, chain, counts}`.
    public struct Result: Codable, Sendable, Hashable {
        /// How many records of each kind, and files, the restored diary holds (the same counts as a bundle's).
        public typealias Counts = ExportCreate.Result.Counts
        /// Records per kind, as import.bundle counts them.
        public typealias MergeCounts = ImportBundle.Result.Counts

        /// With `into`: the new data directory.
        public var into: String?
        /// The archives applied, full one first.
        public var chain: [String]
        /// With `into`: what the restored diary holds.
        public var counts: Counts?
        /// Without `into`: records added.
        public var added: MergeCounts?
        /// Without `into`: records left out, already here (`skip`) or built-in sounds.
        public var skipped: MergeCounts?
        /// Without `into`: stored records rolled back to the archive's (`replace`).
        public var replaced: MergeCounts?

        /// Makes the answer of a restore into a new data directory.
        public init(into: String, chain: [String], counts: Counts) {
            self.into = into
            self.chain = chain
            self.counts = counts
        }

        /// Makes the answer of a merge into the running diary.
        public init(chain: [String], added: MergeCounts, skipped: MergeCounts, replaced: MergeCounts) {
            self.chain = chain
            self.added = added
            self.skipped = skipped
            self.replaced = replaced
        }
    }
}
