public import JSONRPC

/// `photo.beforeImport`: called before a photo or video is stored. A plugin may change `albumId`,
/// `filename` and `takenAt`; the core keeps the other members as it measured them.
public enum PhotoBeforeImport: APIHook {
    public static let name = "photo.beforeImport"

    /// `{albumId, filename, takenAt, sha256, bytes, mediaType, width, height, durationSeconds, origin}`.
    public struct Params: Codable, Sendable, Hashable {
        /// The album it goes into; a plugin may name another.
        public var albumId: String
        /// The name it is kept under; a plugin may change it.
        public var filename: String?
        /// RFC 3339.
        public var takenAt: String?
        /// The content's SHA-256, hex.
        public var sha256: String
        /// The file's size in bytes.
        public var bytes: Int64
        /// The MIME type sniffed from the content, e.g. `image/jpeg`, `video/mp4`.
        public var mediaType: String
        /// Stored pixel width, when the header says.
        public var width: Int?
        /// Stored pixel height, when the header says.
        public var height: Int?
        /// For videos: the container's duration; `null` for photos.
        public var durationSeconds: Double?
        /// Where the file came from, as the core describes it (a path, a URL, uploaded data).
        public var origin: JSONValue?

        /// Makes params, as a test sends them.
        public init(
            albumId: String, filename: String? = nil, takenAt: String? = nil, sha256: String, bytes: Int64,
            mediaType: String, width: Int? = nil, height: Int? = nil, durationSeconds: Double? = nil,
            origin: JSONValue? = nil
        ) {
            self.albumId = albumId
            self.filename = filename
            self.takenAt = takenAt
            self.sha256 = sha256
            self.bytes = bytes
            self.mediaType = mediaType
            self.width = width
            self.height = height
            self.durationSeconds = durationSeconds
            self.origin = origin
        }

        private enum CodingKeys: String, CodingKey {
            case albumId, filename, takenAt, sha256, bytes, mediaType, width, height, durationSeconds, origin
        }

        /// Writes every member, `null` when unset: the core takes the params back whole.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(albumId, forKey: .albumId)
            try container.encode(filename, forKey: .filename)
            try container.encode(takenAt, forKey: .takenAt)
            try container.encode(sha256, forKey: .sha256)
            try container.encode(bytes, forKey: .bytes)
            try container.encode(mediaType, forKey: .mediaType)
            try container.encode(width, forKey: .width)
            try container.encode(height, forKey: .height)
            try container.encode(durationSeconds, forKey: .durationSeconds)
            try container.encode(origin ?? .null, forKey: .origin)
        }
    }
}
