public import JSONRPC

/// `notes.delete {id}` → `{deleted: 1}`.
public enum NotesDelete: APIMethod {
    public static let name = "notes.delete"
    public static let effect: RPCMethodEffect = .destroy
    public static let summary = """
        Deletes a voice note, and its sound when the sound was recorded for a note and nothing else (a pet, the \
        settings, another note) uses it; the sound's file goes when no other sound has the same bytes. Publishes \
        note.deleted.
        """
    public static let paramsSchema: JSONSchema = APISchema.idOnly
    public static let resultSchema: JSONSchema = .object(["deleted": .integer()])
    /// Params may also be given by position: `[id]`.
    public static let positionalParameters: [String]? = ["id"]

    /// The note's id.
    public typealias Params = RecordID
    /// `deleted` 1; -32001 when no note has the id.
    public typealias Result = DeletedCount
}
