public import JSONRPC

/// `photos.rendition {id, wait?, progress?}` → the state of a video's browser-playable copy, and its file.
public enum PhotosRendition: APIMethod {
    public static let name = "photos.rendition"
    public static let effect: RPCMethodEffect = .read
    public static let summary = """
        Tells where a video's browser-playable copy (an H.264/AAC MP4 with faststart) stands: original (the \
        video plays in a browser as it is, under videoTranscode auto), queued, running (with progress 0 to 1), \
        ready (with its path), failed (with the error) or disabled (videoTranscode never). A video that needs a \
        copy and has none is queued. With "wait": true the copy is made now if it is not made yet and the answer \
        comes when it is ready; "progress": true then sends progress notifications in milliseconds of video, and \
        rpc.cancel stops ffmpeg and keeps nothing. The path is given to a client of the core's own user only. A \
        photo that is not a video is -32602 naming id.
        """
    public static let paramsSchema: JSONSchema = .object(
        [
            "id": APISchema.id,
            "wait": .boolean(description: "Make the copy now if it is not made, and answer when it is ready."),
            "progress": .boolean(description: "With wait, send progress notifications."),
        ], required: ["id"])
    public static let resultSchema: JSONSchema = .object(
        [
            "photoId": .string(),
            "state": .string(
                description: "original, queued, running, ready, failed or disabled.",
                pattern: "^(original|queued|running|ready|failed|disabled)$"),
            "path": .string(
                description: """
                    The file to play: the copy when ready, the video itself when original; left out for a client \
                    of another user.
                    """),
            "mediaType": .string(description: "The type of the file at path: video/mp4 for a copy."),
            "bytes": .integer(description: "The size of the file at path."),
            "sha256": .string(description: "The blob of the file at path."),
            "progress": .number(description: "While running: the share done, 0 to 1."),
            "error": .string(description: "When failed: why."),
        ], required: ["photoId", "state"])

    /// The params of `photos.rendition`: `{id, wait?, progress?}`.
    public struct Params: Codable, Sendable, Hashable {
        /// A record id (UUID).
        public var id: String
        /// Make the copy now if it is not made, and answer when it is ready.
        public var wait: Bool?
        /// With `wait`, send progress notifications.
        public var progress: Bool?

        /// Makes the params; without `wait` it answers at once with the state.
        public init(id: String, wait: Bool? = nil, progress: Bool? = nil) {
            self.id = id
            self.wait = wait
            self.progress = progress
        }
    }

    /// What `photos.rendition` answers.
    public struct Result: Codable, Sendable, Hashable {
        /// The video asked about.
        public var photoId: String
        /// `original`, `queued`, `running`, `ready`, `failed` or `disabled`.
        public var state: String
        /// The file to play: the copy when ready, the video itself when original; left out for a client of another
        /// user.
        public var path: String?
        /// The type of the file at path: video/mp4 for a copy.
        public var mediaType: String?
        /// The size of the file at ``path``.
        public var bytes: Int64?
        /// The blob of the file at ``path``.
        public var sha256: String?
        /// While running: the share done, 0 to 1.
        public var progress: Double?
        /// When failed: why.
        public var error: String?

        /// Makes the answer; the members after `state` are set only in the states their comments name.
        public init(
            photoId: String, state: String, path: String? = nil, mediaType: String? = nil, bytes: Int64? = nil,
            sha256: String? = nil, progress: Double? = nil, error: String? = nil
        ) {
            self.photoId = photoId
            self.state = state
            self.path = path
            self.mediaType = mediaType
            self.bytes = bytes
            self.sha256 = sha256
            self.progress = progress
            self.error = error
        }
    }
}
