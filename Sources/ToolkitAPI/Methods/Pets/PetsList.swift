public import JSONRPC

/// `pets.list {order?, limit?, cursor?}` → a page of pets, by when they were added.
public enum PetsList: APIMethod {
    public static let name = "pets.list"
    public static let effect: RPCMethodEffect = .read
    public static let summary = "Lists the pets, a page at a time, by when they were added."
    public static let paramsSchema: JSONSchema = .object(APISchema.paging)
    public static let resultSchema: JSONSchema = APISchema.page(of: APISchema.pet)

    /// The page: order (by when the pets were added), limit and cursor.
    public typealias Params = PageRequest
    /// One page of pets; `nextCursor` is `null` on the last.
    public typealias Result = PageRecord<PetRecord>
}
