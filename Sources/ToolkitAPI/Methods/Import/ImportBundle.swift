public import JSONRPC

/// `import.bundle {path, onConflict?, progress?}` → `{added, skipped, replaced, settings}`: merges a share
/// bundle into the diary.
public enum ImportBundle: APIMethod {
    public static let name = "import.bundle"
    public static let effect: RPCMethodEffect = .write
    public static let summary = """
        Merges a share bundle (.tar.zst, as export.create writes) into the diary. The bundle is untrusted: it \
        is read once, every member checked against its manifest.json (size, SHA-256), every record's \
        references resolved, and only then are its files published and its records merged by id in one \
        transaction; a bad bundle changes nothing (-32007 naming the member and the reason). onConflict says \
        what happens to a record whose id is already here: skip (the default) keeps ours, replace takes the \
        bundle's, duplicate adds the bundle's under new ids. The receiver's settings are never changed. Add \
        \"progress\": true for progress notifications in bytes of the bundle file; import.completed is \
        published when done.
        """
    public static let paramsSchema: JSONSchema = .object(
        [
            "path": APISchema.path(
                description: "The bundle, an absolute path on the core's machine; only for a client of the core's "
                    + "own user."),
            "onConflict": APISchema.destroying(
                .string(
                    description: "skip, replace or duplicate: what to do with a record whose id is already in the "
                        + "diary (default skip).",
                    pattern: "^(skip|replace|duplicate)$"),
                ["replace": "overwrites the diary's records with the bundle's"]),
            "progress": .boolean(description: "Send progress notifications."),
        ], required: ["path"])
    public static let resultSchema: JSONSchema = .object([
        "added": counts("Records added."),
        "skipped": counts("Records left out: already here (skip), or built-in sounds, which map onto ours."),
        "replaced": counts("Records whose stored version was replaced by the bundle's (replace)."),
        "settings": .string(
            description: "What became of the bundle's settings: always \"kept\" (the receiver's stay)."),
    ])

    static func counts(_ description: String) -> JSONSchema {
        .object(
            [
                "pets": .integer(), "albums": .integer(), "photos": .integer(), "entries": .integer(),
                "sounds": .integer(), "notes": .integer(description: "Voice notes."),
            ], description: description)
    }

    /// The params of `import.bundle`: `{path, onConflict?, progress?}`.
    public struct Params: Codable, Sendable, Hashable {
        /// The bundle, an absolute path on the core's machine; only for a client of the core's own user.
        public var path: String
        /// `skip`, `replace` or `duplicate`: what to do with a record whose id is already in the diary (default
        /// `skip`).
        public var onConflict: String?
        /// Send progress notifications.
        public var progress: Bool?

        /// Makes the params; without `onConflict` a record already here is kept (`skip`).
        public init(path: String, onConflict: String? = nil, progress: Bool? = nil) {
            self.path = path
            self.onConflict = onConflict
            self.progress = progress
        }
    }

    /// What `import.bundle` answers: `{added, skipped, replaced, settings}`.
    public struct Result: Codable, Sendable, Hashable {
        /// How many records of each kind.
        public typealias Counts = RecordCounts

        /// Records added.
        public var added: Counts
        /// Records left out: already here (skip), or built-in sounds, which map onto ours.
        public var skipped: Counts
        /// Records whose stored version was replaced by the bundle's (replace).
        public var replaced: Counts
        /// What became of the bundle's settings: always `kept` (the receiver's stay).
        public var settings: String

        /// Makes the answer; `settings` is `kept` unless given.
        public init(added: Counts, skipped: Counts, replaced: Counts, settings: String = "kept") {
            self.added = added
            self.skipped = skipped
            self.replaced = replaced
            self.settings = settings
        }
    }
}
