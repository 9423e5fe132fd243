public import JSONRPC

/// `albums.rename {id, title}` → the album.
public enum AlbumsRename: APIMethod {
    public static let name = "albums.rename"
    public static let effect: RPCMethodEffect = .write
    public static let summary = "Gives an album a new title."
    public static let paramsSchema: JSONSchema = .object(
        ["id": APISchema.id, "title": .string()], required: ["id", "title"])
    public static let resultSchema: JSONSchema = APISchema.album

    public typealias Params = Retitling
    public typealias Result = AlbumRecord
}
