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
    /// Params may also be given by position: `[id]`.
    public static let positionalParameters: [String]? = ["id"]

    /// The sound's id, and `force` to delete it even when a pet, the settings or voice notes use it: they fall back to
    /// the default sound, and the notes are deleted.
    public typealias Params = ForcedDeletion
    /// `deleted` 1. -32001 when no sound has the id; -32002 for a built-in sound, or one in use without `force`.
    public typealias Result = DeletedCount
}
