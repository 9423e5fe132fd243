public import JSONRPC

/// `photos.thumbnail {id, size?}` → a JPEG no larger than `size` on its longest side, upright.
public enum PhotosThumbnail: APIMethod {
    public static let name = "photos.thumbnail"
    public static let effect: RPCMethodEffect = .read
    public static let summary = """
        Returns a JPEG thumbnail of a photo, its longest side at most size pixels (16 to 2048, default 256), \
        turned upright by its EXIF orientation and never enlarged. Made once and kept; the result has the file's \
        path and its bytes in base64.
        """
    public static let paramsSchema: JSONSchema = .object(
        ["id": APISchema.id, "size": .integer(minimum: 16, maximum: 2048)], required: ["id"])
    public static let resultSchema: JSONSchema = .object([
        "photoId": .string(), "size": .integer(), "mediaType": .string(), "sha256": .string(), "bytes": .integer(),
        "path": .string(), "data": .string(description: "base64"),
    ])

    /// The params of `photos.thumbnail`: `{id, size?}`.
    public struct Params: Codable, Sendable, Hashable {
        /// A record id (UUID).
        public var id: String
        /// The longest side in pixels, 16 to 2048 (default 256).
        public var size: Int?

        /// Makes the params.
        public init(id: String, size: Int? = nil) {
            self.id = id
            self.size = size
        }
    }

    /// What `photos.thumbnail` answers.
    public struct Result: Codable, Sendable, Hashable {
        /// The photo asked about.
        public var photoId: String
        /// The longest side asked for.
        public var size: Int
        /// `image/jpeg`.
        public var mediaType: String
        /// The thumbnail's own sha256: its blob.
        public var sha256: String
        /// The JPEG's size in bytes.
        public var bytes: Int
        /// Where the thumbnail's file is, on the core's machine.
        public var path: String
        /// Base64.
        ///
        /// The JPEG's bytes.
        public var data: String

        /// Makes the answer.
        public init(
            photoId: String, size: Int, mediaType: String = "image/jpeg", sha256: String, bytes: Int, path: String,
            data: String
        ) {
            self.photoId = photoId
            self.size = size
            self.mediaType = mediaType
            self.sha256 = sha256
            self.bytes = bytes
            self.path = path
            self.data = data
        }
    }
}
