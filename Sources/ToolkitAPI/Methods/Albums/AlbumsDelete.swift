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

    /// The album's id, and `force` to delete its photos with it.
    public typealias Params = ForcedDeletion
    /// `albums` 1 and the photos that went with it. -32001 when no album has the id.
    public typealias Result = DeletionRecord
}
