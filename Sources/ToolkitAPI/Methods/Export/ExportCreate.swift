public import JSONRPC

/// `export.create {path?, petId?, albumId?, from?, to?, html?, progress?}` → `{path, size, sha256, counts}`.
public enum ExportCreate: APIMethod {
    public static let name = "export.create"
    public static let summary = """
        Writes a share bundle: a zstd-compressed pax tar (.tar.zst) with manifest.json first, the selection's \
        records as data/*.jsonl and its photos, videos and sounds as files, all read at one point in time. \
        Select by pet, album and days (from and to, included); nothing selects everything. \
        With html the bundle also holds index.html, a gallery \
        that opens offline in any browser, and the thumbnails it shows. Without path it \
        goes to exports/ in the data directory, named after the pet (or the diary) and today. Add \
        \"progress\": true for progress notifications in bytes; export.completed is published when done.
        """
    public static let paramsSchema: JSONSchema = .object([
        "path": .string(
            description: "Where to write, an absolute path on the core's machine whose directory exists; only for "
                + "a client of the core's own user. An existing file there is replaced."),
        "petId": APISchema.id, "albumId": APISchema.id, "from": APISchema.day, "to": APISchema.day,
        "html": .boolean(description: "Add index.html, an offline gallery of the selection, and its thumbnails."),
        "progress": .boolean(description: "Send progress notifications."),
    ])
    public static let resultSchema: JSONSchema = .object([
        "path": .string(description: "The bundle's absolute path."),
        "size": .integer(description: "Its size in bytes."),
        "sha256": .string(description: "Its SHA-256, lower-case hex."),
        "counts": .object([
            "pets": .integer(), "albums": .integer(), "photos": .integer(), "entries": .integer(),
            "sounds": .integer(), "notes": .integer(description: "Voice notes."),
            "files": .integer(description: "Photo, video and sound files."),
        ]),
    ])

    public struct Params: Codable, Sendable, Hashable {
        public var path: String?
        public var petId: String?
        public var albumId: String?
        public var from: String?
        public var to: String?
        public var html: Bool?
        public var progress: Bool?

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

    public struct Result: Codable, Sendable, Hashable {
        /// How many records of each kind, and files, the bundle holds.
        public struct Counts: Codable, Sendable, Hashable {
            public var pets: Int
            public var albums: Int
            public var photos: Int
            public var entries: Int
            public var sounds: Int
            public var notes: Int
            public var files: Int

            public init(pets: Int, albums: Int, photos: Int, entries: Int, sounds: Int, notes: Int = 0, files: Int) {
                self.pets = pets
                self.albums = albums
                self.photos = photos
                self.entries = entries
                self.sounds = sounds
                self.notes = notes
                self.files = files
            }
        }

        public var path: String
        public var size: Int64
        public var sha256: String
        public var counts: Counts

        public init(path: String, size: Int64, sha256: String, counts: Counts) {
            self.path = path
            self.size = size
            self.sha256 = sha256
            self.counts = counts
        }
    }
}
