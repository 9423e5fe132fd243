public import JSONRPC

/// `albums.get {id}` → the album, with its photo count and cover.
public enum AlbumsGet: APIMethod {
    public static let name = "albums.get"
    public static let effect: RPCMethodEffect = .read
    public static let summary = "Returns one album with its photo count and cover photo (its newest)."
    public static let paramsSchema: JSONSchema = APISchema.idOnly
    public static let resultSchema: JSONSchema = APISchema.album
    /// Params may also be given by position: `[id]`.
    public static let positionalParameters: [String]? = ["id"]

    /// The album's id.
    public typealias Params = RecordID
    /// The album; -32001 when no album has the id.
    public typealias Result = AlbumRecord
}
