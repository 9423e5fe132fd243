public import JSONRPC

/// `albums.create {title, petId?}` → the album.
public enum AlbumsCreate: APIMethod {
    public static let name = "albums.create"
    public static let summary = "Makes a photo album, for one pet (petId) or for none."
    public static let paramsSchema: JSONSchema = .object(
        ["title": .string(description: "Up to 50 characters."), "petId": APISchema.id], required: ["title"])
    public static let resultSchema: JSONSchema = APISchema.album

    public struct Params: Codable, Sendable, Hashable {
        public var title: String
        public var petId: String?

        public init(title: String, petId: String? = nil) {
            self.title = title
            self.petId = petId
        }
    }
    public typealias Result = AlbumRecord
}
