public import JSONRPC

/// `sounds.delete {id, force?}` → `{deleted: 1}`.
public enum SoundsDelete: APIMethod {
    public static let name = "sounds.delete"
    public static let effect: RPCMethodEffect = .destroy
    public static let summary = """
        Deletes an imported or recorded sound and its file. Built-in sounds cannot be deleted. A sound that a pet \
        or the settings use as the shutter sound is refused unless force, which sets them back to the default.
        """
    public static let paramsSchema: JSONSchema = .object(
        ["id": APISchema.soundID, "force": .boolean()], required: ["id"])
    public static let resultSchema: JSONSchema = .object(["deleted": .integer()])
    public static let positionalParameters: [String]? = ["id"]

    public typealias Params = ForcedDeletion
    public typealias Result = DeletedCount
}
