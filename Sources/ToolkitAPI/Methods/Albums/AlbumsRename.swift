public import JSONRPC

/// `albums.rename {id, title}` → the album.
public enum AlbumsRename: APIMethod {
    public static let name = "albums.rename"
    public static let effect: RPCMethodEffect = .write
    public static let summary = "Gives an album a new title."
    public static let paramsSchema: JSONSchema = .object(
        ["id": APISchema.id, "title": .string()], required: ["id", "title"])
    public static let resultSchema: JSONSchema = APISchema.album

    /// The album's id and its new title (up to 50 characters).
    public typealias Params = Retitling
    /// The album as it is now; -32001 when no album has the id.
    public typealias Result = AlbumRecord
}
