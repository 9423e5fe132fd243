public import JSONRPC

/// `sounds.list {order?, limit?, cursor?}` → a page of sounds.
public enum SoundsList: APIMethod {
    public static let name = "sounds.list"
    public static let effect: RPCMethodEffect = .read
    public static let summary = """
        Lists the sounds, built-in, imported and recorded, a page at a time, by when they were added.
        """
    public static let paramsSchema: JSONSchema = .object(APISchema.paging)
    public static let resultSchema: JSONSchema = APISchema.page(of: APISchema.sound)

    /// The page: order (by when the sounds were added), limit and cursor.
    public typealias Params = PageRequest
    /// One page of sounds; `nextCursor` is `null` on the last.
    public typealias Result = PageRecord<SoundRecord>
}
