public import JSONRPC

/// `export.create {path?, petId?, albumId?, from?, to?, html?, progress?}` → `{path, size, sha256, counts}`.
public enum ExportCreate: APIMethod {
    public static let name = "export.create"
    public static let effect: RPCMethodEffect = .write
    public static let summary = """
        Writes a share bundle: a zstd-compressed pax tar (.tar.zst) with manifest.json first, the selection's \
        records as data/*.jsonl and its photos, videos and sounds as files, all read at one point in time. \
        Select by pet, album and days (from and to, included); nothing selects everything. \
        With html the bundle also holds index.html, a gallery \
        that opens offline in any browser (videos play in place), and the thumbnails and video posters it \
        shows. Without path it \
        goes to exports/ in the data directory, named after the pet (or the diary) and today. Add \
        \"progress\": true for progress notifications in bytes; export.completed is published when done.
        """
    public static let paramsSchema: JSONSchema = .object([
        "path": APISchema.path(
            description: "Where to write, an absolute path on the core's machine whose directory exists; only for "
                + "a client of the core's own user. An existing file there is replaced."),
        "petId": APISchema.id, "albumId": APISchema.id, "from": APISchema.day, "to": APISchema.day,
        "html": .boolean(
            description: "Add index.html, an offline gallery of the selection, and its thumbnails and video posters."),
        "progress": .boolean(description: "Send progress notifications."),
    ])
    public static let resultSchema: JSONSchema = .object([
        "path": .string(description: "The bundle's absolute path."),
        "size": .integer(description: "Its size in bytes."),
        "sha256": .string(description: "Its SHA-256, lower-case hex."),
        "counts": .object([
            "pets": .integer(), "albums": .integer(), "photos": .integer(),
            "videos": .integer(description: "Videos, counted apart from the still photos."),
            "entries": .integer(), "sounds": .integer(), "notes": .integer(description: "Voice notes."),
            "files": .integer(description: "Photo, video and sound files."),
        ]),
    ])

    /// The params of `export.create`: `{path?, petId?, albumId?, from?, to?, html?, progress?}`.
    public struct Params: Codable, Sendable, Hashable {
        /// Where to write, an absolute path on the core's machine whose directory exists; only for a client of the
        /// core's own user. An existing file there is replaced.
        public var path: String?
        /// A record id (UUID).
        public var petId: String?
        /// A record id (UUID).
        public var albumId: String?
        /// A day, `YYYY-MM-DD`.
        public var from: String?
        /// A day, `YYYY-MM-DD`.
        public var to: String?
        /// Add index.html, an offline gallery of the selection, and its thumbnails and video posters.
        public var html: Bool?
        /// Send progress notifications.
        public var progress: Bool?

        /// Makes the params; a nil member is left out, and without any selection everything is exported.
        public init(
            path: String? = nil, petId: String? = nil, albumId: String? = nil, from: String? = nil,
            to: String? = nil, html: Bool? = nil, progress: Bool? = nil
        ) {
            self.path = path
            self.petId = petId
            self.albumId = albumId
            self.from = from
            self.to = to
            self.html = html
            self.progress = progress
        }
    }

    /// What `export.create` answers: `{path, size, sha256, counts}`.
    public struct Result: Codable, Sendable, Hashable {
        /// How many records of each kind, and files, the bundle holds: one JSON object,
        /// `{pets, albums, photos, videos, entries, sounds, notes, files}`, where `photos` counts the still photos
        /// and `videos` the videos (both are photo records, in `data/photos.jsonl`).
        @dynamicMemberLookup
        public struct Counts: Codable, Sendable, Hashable {
            /// The records; its `photos` are the still photos only.
            public var records: RecordCounts
            /// Videos, counted apart from the still photos.
            ///
            /// A core from before this count sends none, read as 0: its `photos` count the videos too.
            public var videos: Int
            /// Photo, video and sound files.
            public var files: Int

            /// Makes the counts of records, videos and files.
            public init(_ records: RecordCounts, videos: Int = 0, files: Int) {
                self.records = records
                self.videos = videos
                self.files = files
            }

            /// Makes the counts kind by kind; `videos` and `notes` are 0 unless given.
            public init(
                pets: Int, albums: Int, photos: Int, videos: Int = 0, entries: Int, sounds: Int, notes: Int = 0,
                files: Int
            ) {
                self.init(
                    RecordCounts(
                        pets: pets, albums: albums, photos: photos, entries: entries, sounds: sounds, notes: notes),
                    videos: videos, files: files)
            }

            /// `counts.pets` and the other kinds, from ``records``.
            public subscript(dynamicMember kind: KeyPath<RecordCounts, Int>) -> Int { records[keyPath: kind] }

            /// The counts as the manifest's `counts` object holds them.
            public var dictionary: [String: Int] {
                records.dictionary.merging(["videos": videos, "files": files]) { $1 }
            }

            private enum CodingKeys: String, CodingKey { case videos, files }

            /// Reads the record counts, `videos` (0 when absent) and `files` from the same object.
            public init(from decoder: any Decoder) throws {
                records = try RecordCounts(from: decoder)
                let container = try decoder.container(keyedBy: CodingKeys.self)
                videos = try container.decodeIfPresent(Int.self, forKey: .videos) ?? 0
                files = try container.decode(Int.self, forKey: .files)
            }

            /// Writes the record counts, `videos` and `files` into the same object.
            public func encode(to encoder: any Encoder) throws {
                try records.encode(to: encoder)
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(videos, forKey: .videos)
                try container.encode(files, forKey: .files)
            }
        }

        /// The bundle's absolute path.
        public var path: String
        /// Its size in bytes.
        public var size: Int64
        /// Its SHA-256, lower-case hex.
        public var sha256: String
        /// What the bundle holds.
        public var counts: Counts

        /// Makes the answer.
        public init(path: String, size: Int64, sha256: String, counts: Counts) {
            self.path = path
            self.size = size
            self.sha256 = sha256
            self.counts = counts
        }
    }
}
