public import JSONRPC

/// `albums.create {title, petId?}` → the album.
public enum AlbumsCreate: APIMethod {
    public static let name = "albums.create"
    public static let effect: RPCMethodEffect = .write
    public static let summary = "Makes a photo album, for one pet (petId) or for none."
    public static let paramsSchema: JSONSchema = .object(
        ["title": .string(description: "Up to 50 characters."), "petId": APISchema.id], required: ["title"])
    public static let resultSchema: JSONSchema = APISchema.album

    /// The params of `albums.create`: `{title, petId?}`.
    public struct Params: Codable, Sendable, Hashable {
        /// Up to 50 characters.
        public var title: String
        /// A record id (UUID).
        public var petId: String?

        /// Makes the params; without `petId` the album belongs to no pet.
        public init(title: String, petId: String? = nil) {
            self.title = title
            self.petId = petId
        }
    }
    /// The new album, empty. -32001 when `petId` names no pet.
    public typealias Result = AlbumRecord
}
