public import JSONRPC

/// `diary.delete {id}` → `{deleted: 1}`.
public enum DiaryDelete: APIMethod {
    public static let name = "diary.delete"
    public static let effect: RPCMethodEffect = .destroy
    public static let summary = "Deletes one diary entry. Its photos stay in their albums."
    public static let paramsSchema: JSONSchema = APISchema.idOnly
    public static let resultSchema: JSONSchema = .object(["deleted": .integer()])
    /// Params may also be given by position: `[id]`.
    public static let positionalParameters: [String]? = ["id"]

    /// The entry's id.
    public typealias Params = RecordID
    /// `deleted` 1; -32001 when no entry has the id.
    public typealias Result = DeletedCount
}
