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
        /// Up to 1000 characters; "" clears it.
        public var memo: String?
        /// Marks it as a favourite, or not.
        public var favorite: Bool?
        /// A record id (UUID).
        public var albumId: String?

        /// Makes the params; a nil member is left out, and the photo keeps that field.
        public init(id: String, memo: String? = nil, favorite: Bool? = nil, albumId: String? = nil) {
            self.id = id
            self.memo = memo
            self.favorite = favorite
            self.albumId = albumId
        }
    }
    /// The photo as it is now. -32001 when no photo or no target album has the id; -32002 when the target album
    /// already holds the same bytes.
    public typealias Result = PhotoRecord
}
