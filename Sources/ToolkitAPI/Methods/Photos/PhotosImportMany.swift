public import JSONRPC

/// `photos.importMany {albumId, paths | directory, recursive?}` → `{items, skipped}`, with progress.
public enum PhotosImportMany: APIMethod {
    public static let name = "photos.importMany"
    public static let effect: RPCMethodEffect = .write
    public static let summary = """
        Imports many files at once (a list of absolute paths, or every file of a directory), reading several in \
        parallel and committing in batches. Files that are not media are skipped with their reason. Add \
        \"progress\": true for progress notifications.
        """
    public static let paramsSchema: JSONSchema = .object(
        [
            "albumId": APISchema.id, "paths": APISchema.paths(description: "Absolute paths."),
            "directory": APISchema.path(description: "An absolute path; its regular files, sorted by name."),
            "recursive": .boolean(description: "With directory: also its subdirectories."),
            "progress": .boolean(description: "Send progress notifications."),
        ],
        required: ["albumId"])
    public static let resultSchema: JSONSchema = .object([
        "items": .array(of: APISchema.photo), "imported": .integer(), "duplicates": .integer(),
        "skipped": .array(of: .object(["path": .string(), "reason": .string()])),
    ])

    /// The params of `photos.importMany`: `{albumId, paths | directory, recursive?}`.
    public struct Params: Codable, Sendable, Hashable {
        /// A record id (UUID).
        public var albumId: String
        /// Absolute paths.
        public var paths: [String]?
        /// An absolute path; its regular files, sorted by name.
        public var directory: String?
        /// With directory: also its subdirectories.
        public var recursive: Bool?
        /// Send progress notifications.
        public var progress: Bool?

        /// Makes the params; give `paths` or `directory`.
        public init(
            albumId: String, paths: [String]? = nil, directory: String? = nil, recursive: Bool? = nil,
            progress: Bool? =
                nil
        ) {
            self.albumId = albumId
            self.paths = paths
            self.directory = directory
            self.recursive = recursive
            self.progress = progress
        }
    }

    /// What `photos.importMany` answers: `{items, skipped}`.
    public struct Result: Codable, Sendable, Hashable {
        /// A file that was not imported, and why.
        public struct Skipped: Codable, Sendable, Hashable {
            /// The file, as it was given or found in the directory.
            public var path: String
            /// Why it was not imported, for a person to read.
            public var reason: String

            /// Makes the entry.
            public init(path: String, reason: String) {
                self.path = path
                self.reason = reason
            }
        }

        /// Every photo imported or found already there, in the order of the paths.
        public var items: [PhotoRecord]
        /// How many of ``items`` are new.
        public var imported: Int
        /// How many of ``items`` the album already had.
        public var duplicates: Int
        /// The files that were not imported, in the order of the paths.
        public var skipped: [Skipped]

        /// Makes the answer; everything is empty unless given.
        public init(items: [PhotoRecord] = [], imported: Int = 0, duplicates: Int = 0, skipped: [Skipped] = []) {
            self.items = items
            self.imported = imported
            self.duplicates = duplicates
            self.skipped = skipped
        }
    }
}
