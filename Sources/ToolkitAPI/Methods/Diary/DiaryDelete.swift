public import JSONRPC

/// `diary.delete {id}` → `{deleted: 1}`.
public enum DiaryDelete: APIMethod {
    public static let name = "diary.delete"
    public static let effect: RPCMethodEffect = .destroy
    public static let summary = "Deletes one diary entry. Its photos stay in their albums."
    public static let paramsSchema: JSONSchema = APISchema.idOnly
    public static let resultSchema: JSONSchema = .object(["deleted": .integer()])
    public static let positionalParameters: [String]? = ["id"]

    public typealias Params = RecordID
    public typealias Result = DeletedCount
}
