public import JSONRPC

/// `pets.delete {id, force?}` → what was deleted.
public enum PetsDelete: APIMethod {
    public static let name = "pets.delete"
    public static let effect: RPCMethodEffect = .destroy
    public static let summary = """
        Deletes a pet. A pet with albums or diary entries is refused (-32002) unless force is true, which \
        deletes them too.
        """
    public static let paramsSchema: JSONSchema = .object(["id": APISchema.id, "force": .boolean()], required: ["id"])
    public static let resultSchema: JSONSchema = APISchema.deletion

    /// The pet's id, and `force` to delete its albums, their photos and its entries with it.
    public typealias Params = ForcedDeletion
    /// What went with the pet: its albums, their photos and its entries. -32001 when no pet has the id.
    public typealias Result = DeletionRecord
}
