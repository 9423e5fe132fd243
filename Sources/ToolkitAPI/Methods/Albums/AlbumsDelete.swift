public import JSONRPC

/// `albums.delete {id, force?}` → what was deleted.
public enum AlbumsDelete: APIMethod {
    public static let name = "albums.delete"
    public static let effect: RPCMethodEffect = .destroy
    public static let summary = """
        Deletes an album. One with photos is refused (-32002) unless force is true, which deletes its photos \
        too.
        """
    public static let paramsSchema: JSONSchema = .object(["id": APISchema.id, "force": .boolean()], required: ["id"])
    public static let resultSchema: JSONSchema = APISchema.deletion

    public typealias Params = ForcedDeletion
    public typealias Result = DeletionRecord
}
