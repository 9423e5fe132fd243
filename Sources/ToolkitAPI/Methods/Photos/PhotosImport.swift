public import JSONRPC

/// `photos.import {albumId, path | data+filename | url, publicOnly?}` → the photo, `duplicate: true` when the
/// same bytes are already in that album.
public enum PhotosImport: APIMethod {
    public static let name = "photos.import"
    public static let effect: RPCMethodEffect = .write
    public static let summary = """
        Imports one photo or video into an album: from an absolute path on the core's machine, from base64 data \
        (with filename), or from an http(s) URL (with publicOnly, only from public addresses). The type is read \
        from the content (JPEG, PNG, GIF, WebP, HEIC, MP4, MOV). The same bytes already in the album give back \
        that photo with duplicate: true.
        """
    public static let paramsSchema: JSONSchema = .object(
        [
            "albumId": APISchema.id,
            "path": APISchema.path(description: "An absolute path; only for a client of the core's own user."),
            "data": .string(description: "The file's bytes, base64."),
            "filename": .string(description: "The name to keep with data."),
            "url": .string(description: "http or https; bounded in size and time.", format: "uri"),
            "publicOnly": .boolean(
                description: """
                    For url: connect only to public addresses (not loopback, private, link-local, shared or \
                    multicast ones), redirects included, and through no proxy; a refused address answers reason \
                    private-address.
                    """),
        ],
        required: ["albumId"])
    public static let resultSchema: JSONSchema = APISchema.photo

    /// The params of `photos.import`: `{albumId, path | data+filename | url, publicOnly?}`.
    public struct Params: Codable, Sendable, Hashable {
        /// A record id (UUID).
        public var albumId: String
        /// An absolute path; only for a client of the core's own user.
        public var path: String?
        /// The file's bytes, base64.
        public var data: String?
        /// The name to keep with data.
        public var filename: String?
        /// `http` or `https`; bounded in size and time.
        public var url: String?
        /// For `url`: connect only to public addresses (not loopback, private, link-local, shared or
        /// multicast ones), redirects included, and through no proxy; a refused address answers reason
        /// `private-address`.
        ///
        /// Set it when the URL comes from someone other than the core's user (a model that read a web page,
        /// say), so that it cannot make the core fetch from the machine's own services or its network's.
        public var publicOnly: Bool?

        /// Makes the params; give one source: `path`, `data` with `filename`, or `url`.
        public init(
            albumId: String, path: String? = nil, data: String? = nil, filename: String? = nil, url: String? = nil,
            publicOnly: Bool? = nil
        ) {
            self.albumId = albumId
            self.path = path
            self.data = data
            self.filename = filename
            self.url = url
            self.publicOnly = publicOnly
        }
    }
    /// The photo, new or (with `duplicate` true) the one the album already had. -32001 for an unknown album;
    /// content that is not a photo or video, or a source that cannot be read, is -32602 naming the param.
    public typealias Result = PhotoRecord
}
