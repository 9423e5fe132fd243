public import JSONRPC

/// `system.info`: version, uptime, paths, counts, plugins and ffmpeg.
public enum SystemInfo: APIMethod {
    public static let name = "system.info"
    public static let effect: RPCMethodEffect = .read
    public static let summary = """
        Reports the core's version, process id, uptime, paths, connection and method counts, what the diary \
        holds, plugins, and the ffmpeg that video features use.
        """
    public static let resultSchema: JSONSchema = .object([
        "version": .string(), "pid": .integer(), "startedAt": APISchema.time, "uptimeSeconds": .number(),
        "paths": .object(["socket": .string(), "dataDir": .string(), "configFile": .nullable(.string())]),
        "counts": .object([
            "openConnections": .integer(), "totalConnections": .integer(), "methods": .integer(),
            "eventSubscriptions": .integer(), "nextEventSeq": .integer(),
        ]),
        "diary": .object(["pets": .integer(), "albums": .integer(), "photos": .integer(), "entries": .integer()]),
        "plugins": .array(
            of: .string(), description: "The names of the plugins running now (ready), in load order."),
        "ffmpeg": .nullable(
            .object(
                [
                    "path": .string(description: "The ffmpeg the core runs."),
                    "version": .string(description: "The first line of ffmpeg -version, reduced to the version."),
                    "ffprobe": .string(description: "The ffprobe beside it or on PATH; left out when there is none."),
                ],
                description: "The ffmpeg found at start (the config's ffmpegPath, else PATH); null when there is none."
            )),
        "videoTranscode": .string(
            description: """
                When videos get a browser-playable copy (the config's videoTranscode): auto, only those a \
                browser cannot play; always; never.
                """, pattern: "^(auto|always|never)$"),
        "timeZone": .string(
            description: """
                The diary's time zone (the config's timeZone, else the system's), an IANA name: the day of a \
                moment whose file names no UTC offset, and today.
                """),
    ])

    /// None.
    public typealias Params = NoParams

    /// What `system.info` answers.
    public struct Result: Codable, Sendable, Hashable {
        /// Where the core's files are.
        public struct Paths: Codable, Sendable, Hashable {
            /// The Unix socket the core listens on.
            public var socket: String
            /// The data directory: `toolkit.sqlite` and `blobs/`.
            public var dataDir: String
            /// The configuration file read at start-up; `null` when there was none.
            public var configFile: String?

            /// Makes the paths.
            public init(socket: String, dataDir: String, configFile: String? = nil) {
                self.socket = socket
                self.dataDir = dataDir
                self.configFile = configFile
            }

            enum CodingKeys: String, CodingKey { case socket, dataDir, configFile }

            /// Writes every member, `configFile` as `null` when there was none.
            public func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(socket, forKey: .socket)
                try container.encode(dataDir, forKey: .dataDir)
                try container.encode(configFile, forKey: .configFile)
            }
        }

        /// The core's own counters.
        public struct Counts: Codable, Sendable, Hashable {
            /// Client connections open now.
            public var openConnections: Int
            /// Client connections accepted since the core started.
            public var totalConnections: Int
            /// Methods registered: the built-in ones and the plugins'.
            public var methods: Int
            /// Event subscriptions live now, on every connection.
            public var eventSubscriptions: Int
            /// The `seq` the next event will get.
            public var nextEventSeq: UInt64

            /// Makes the counters.
            public init(
                openConnections: Int, totalConnections: Int, methods: Int, eventSubscriptions: Int,
                nextEventSeq: UInt64
            ) {
                self.openConnections = openConnections
                self.totalConnections = totalConnections
                self.methods = methods
                self.eventSubscriptions = eventSubscriptions
                self.nextEventSeq = nextEventSeq
            }
        }

        /// What the diary holds.
        public struct Diary: Codable, Sendable, Hashable {
            /// Pets.
            public var pets: Int
            /// Albums.
            public var albums: Int
            /// Photos and videos.
            public var photos: Int
            /// Diary entries.
            public var entries: Int

            /// Makes the counts.
            public init(pets: Int, albums: Int, photos: Int, entries: Int) {
                self.pets = pets
                self.albums = albums
                self.photos = photos
                self.entries = entries
            }
        }

        /// The ffmpeg video features use.
        public struct FFmpeg: Codable, Sendable, Hashable {
            /// The ffmpeg the core runs.
            public var path: String
            /// The first line of ffmpeg -version, reduced to the version.
            public var version: String
            /// The ffprobe beside it or on PATH; left out when there is none.
            public var ffprobe: String?

            /// Makes the description.
            public init(path: String, version: String, ffprobe: String?) {
                self.path = path
                self.version = version
                self.ffprobe = ffprobe
            }
        }

        /// The core's version.
        public var version: String
        /// The core's process id.
        public var pid: Int32
        /// When the core started, RFC 3339 UTC.
        public var startedAt: String
        /// Seconds since the core started.
        public var uptimeSeconds: Double
        /// Where the core's files are.
        public var paths: Paths
        /// The core's own counters.
        public var counts: Counts
        /// What the diary holds.
        public var diary: Diary
        /// The names of the plugins running now (ready), in load order.
        ///
        /// `plugins.list` has every plugin the core knows, with its state.
        public var plugins: [String]
        /// The ffmpeg found at start (the config's ffmpegPath, else PATH); null when there is none.
        public var ffmpeg: FFmpeg?
        /// When videos get a browser-playable copy (the config's videoTranscode): auto, only those a browser cannot
        /// play; always; never.
        public var videoTranscode: String?
        /// The diary's time zone (the config's timeZone, else the system's), an IANA name: the day of a moment
        /// whose file names no UTC offset, and today.
        public var timeZone: String?

        /// Makes the answer without the policy of browser-playable copies or the time zone.
        public init(
            version: String, pid: Int32, startedAt: String, uptimeSeconds: Double, paths: Paths, counts: Counts,
            diary: Diary, plugins: [String], ffmpeg: FFmpeg? = nil
        ) {
            self.version = version
            self.pid = pid
            self.startedAt = startedAt
            self.uptimeSeconds = uptimeSeconds
            self.paths = paths
            self.counts = counts
            self.diary = diary
            self.plugins = plugins
            self.ffmpeg = ffmpeg
        }

        /// The same, with the policy of browser-playable copies.
        public init(
            version: String, pid: Int32, startedAt: String, uptimeSeconds: Double, paths: Paths, counts: Counts,
            diary: Diary, plugins: [String], ffmpeg: FFmpeg?, videoTranscode: String
        ) {
            self.init(
                version: version, pid: pid, startedAt: startedAt, uptimeSeconds: uptimeSeconds, paths: paths,
                counts: counts, diary: diary, plugins: plugins, ffmpeg: ffmpeg)
            self.videoTranscode = videoTranscode
        }

        enum CodingKeys: String, CodingKey {
            case version, pid, startedAt, uptimeSeconds, paths, counts, diary, plugins, ffmpeg, videoTranscode,
                timeZone
        }

        /// Writes every member, `ffmpeg` as `null` when there is none; `videoTranscode` and `timeZone` only when set.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(version, forKey: .version)
            try container.encode(pid, forKey: .pid)
            try container.encode(startedAt, forKey: .startedAt)
            try container.encode(uptimeSeconds, forKey: .uptimeSeconds)
            try container.encode(paths, forKey: .paths)
            try container.encode(counts, forKey: .counts)
            try container.encode(diary, forKey: .diary)
            try container.encode(plugins, forKey: .plugins)
            try container.encode(ffmpeg, forKey: .ffmpeg)
            try container.encodeIfPresent(videoTranscode, forKey: .videoTranscode)
            try container.encodeIfPresent(timeZone, forKey: .timeZone)
        }
    }
}
