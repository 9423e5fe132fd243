public import JSONRPC

/// `photos.update {id, memo?, favorite?, albumId?}` → the photo.
public enum PhotosUpdate: APIMethod {
    public static let name = "photos.update"
    public static let effect: RPCMethodEffect = .write
    public static let summary = """
        Changes a photo's memo (up to 1000 characters), favourite mark, or album (refused with -32002 when that \
        album has the same bytes).
        """
    public static let paramsSchema: JSONSchema = .object(
        ["id": APISchema.id, "memo": .string(), "favorite": .boolean(), "albumId": APISchema.id], required: ["id"])
    public static let resultSchema: JSONSchema = APISchema.photo

    /// The params of `photos.update`: `{id, memo?, favorite?, albumId?}`.
    public struct Params: Codable, Sendable, Hashable {
        /// A record id (UUID).
        public var id: String
        public var memo: String?
        public var favorite: Bool?
        /// A record id (UUID).
        public var albumId: String?

        public init(id: String, memo: String? = nil, favorite: Bool? = nil, albumId: String? = nil) {
            self.id = id
            self.memo = memo
            self.favorite = favorite
            self.albumId = albumId
        }
    }
    public typealias Result = PhotoRecord
}
