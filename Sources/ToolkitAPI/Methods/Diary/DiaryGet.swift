public import JSONRPC

/// `diary.get {id}` → the entry.
public enum DiaryGet: APIMethod {
    public static let name = "diary.get"
    public static let effect: RPCMethodEffect = .read
    public static let summary = "Returns one diary entry with its tags and photo ids."
    public static let paramsSchema: JSONSchema = APISchema.idOnly
    public static let resultSchema: JSONSchema = APISchema.entry
    /// Params may also be given by position: `[id]`.
    public static let positionalParameters: [String]? = ["id"]

    /// The entry's id.
    public typealias Params = RecordID
    /// The entry; -32001 when no entry has the id.
    public typealias Result = EntryRecord
}
