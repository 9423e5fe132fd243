public import JSONRPC

/// `archive.prune {to?, keepLast?, keepDaily?, keepWeekly?, keepMonthly?, dryRun?}` → `{kept, removed}`.
public enum ArchivePrune: APIMethod {
    public static let name = "archive.prune"
    public static let effect: RPCMethodEffect = .destroy
    public static let summary = """
        Removes the archives no retention rule keeps, as restic's forget does: keepLast keeps the newest n; \
        keepDaily, keepWeekly and keepMonthly keep the newest archive of each of the last n UTC days, ISO weeks \
        and months that have one. An archive a kept one needs (its chain back to the full one) is always kept, \
        with reason "needed by NAME". At least one keep* is required. dryRun reports and removes nothing.
        """
    public static let paramsSchema: JSONSchema = .object([
        "to": APISchema.path(description: "The archive directory (default: archives/ in the data directory)."),
        "keepLast": .integer(minimum: 0), "keepDaily": .integer(minimum: 0),
        "keepWeekly": .integer(minimum: 0), "keepMonthly": .integer(minimum: 0),
        "dryRun": .boolean(description: "Say what would be removed, and remove nothing."),
    ])
    public static let resultSchema: JSONSchema = .object([
        "kept": .array(
            of: .object([
                "name": .string(), "path": .string(),
                "reasons": .array(of: .string(), description: "e.g. \"last\", \"daily 2024-05-01\", \"needed by X\"."),
            ])),
        "removed": .array(of: .object(["name": .string(), "path": .string()])),
        "dryRun": .boolean(),
    ])

    /// The params of `archive.prune`: `{to?, keepLast?, keepDaily?, keepWeekly?, keepMonthly?, dryRun?}`.
    public struct Params: Codable, Sendable, Hashable {
        /// The archive directory (default: archives/ in the data directory).
        public var to: String?
        /// Keep the newest n archives.
        public var keepLast: Int?
        /// Keep the newest archive of each of the last n UTC days that have one.
        public var keepDaily: Int?
        /// Keep the newest archive of each of the last n ISO weeks that have one.
        public var keepWeekly: Int?
        /// Keep the newest archive of each of the last n months that have one.
        public var keepMonthly: Int?
        /// Say what would be removed, and remove nothing.
        public var dryRun: Bool?

        /// Makes the params; give at least one `keep*`.
        public init(
            to: String? = nil, keepLast: Int? = nil, keepDaily: Int? = nil, keepWeekly: Int? = nil,
            keepMonthly: Int? = nil, dryRun: Bool? = nil
        ) {
            self.to = to
            self.keepLast = keepLast
            self.keepDaily = keepDaily
            self.keepWeekly = keepWeekly
            self.keepMonthly = keepMonthly
            self.dryRun = dryRun
        }
    }

    /// What `archive.prune` answers: `{kept, removed}`.
    public struct Result: Codable, Sendable, Hashable {
        /// An archive that stays, and the rules that keep it.
        public struct Kept: Codable, Sendable, Hashable {
            /// Its file name.
            public var name: String
            /// Its absolute path.
            public var path: String
            /// e.g. "last", "daily 2024-05-01", "needed by X".
            public var reasons: [String]

            /// Makes the entry.
            public init(name: String, path: String, reasons: [String]) {
                self.name = name
                self.path = path
                self.reasons = reasons
            }
        }

        /// An archive that was removed, or with `dryRun` would be.
        public struct Removed: Codable, Sendable, Hashable {
            /// Its file name.
            public var name: String
            /// Its absolute path.
            public var path: String

            /// Makes the entry.
            public init(name: String, path: String) {
                self.name = name
                self.path = path
            }
        }

        /// The archives that stay.
        public var kept: [Kept]
        /// The archives removed (with `dryRun`, the ones that would be).
        public var removed: [Removed]
        /// Whether this was a dry run, which removed nothing.
        public var dryRun: Bool

        /// Makes the answer.
        public init(kept: [Kept], removed: [Removed], dryRun: Bool) {
            self.kept = kept
            self.removed = removed
            self.dryRun = dryRun
        }
    }
}
