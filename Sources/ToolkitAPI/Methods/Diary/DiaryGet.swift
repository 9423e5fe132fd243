public import JSONRPC

/// `diary.get {id}` → the entry.
public enum DiaryGet: APIMethod {
    public static let name = "diary.get"
    public static let effect: RPCMethodEffect = .read
    public static let summary = "Returns one diary entry with its tags and photo ids."
    public static let paramsSchema: JSONSchema = APISchema.idOnly
    public static let resultSchema: JSONSchema = APISchema.entry
    public static let positionalParameters: [String]? = ["id"]

    public typealias Params = RecordID
    public typealias Result = EntryRecord
}
