public import JSONRPC

/// `sounds.list {order?, limit?, cursor?}` → a page of sounds.
public enum SoundsList: APIMethod {
    public static let name = "sounds.list"
    public static let summary = """
        Lists the sounds, built-in, imported and recorded, a page at a time, by when they were added.
        """
    public static let paramsSchema: JSONSchema = .object(APISchema.paging)
    public static let resultSchema: JSONSchema = APISchema.page(of: APISchema.sound)

    public struct Params: Codable, Sendable, Hashable {
        public var order: String?
        public var limit: Int?
        public var cursor: String?

        public init(order: String? = nil, limit: Int? = nil, cursor: String? = nil) {
            self.order = order
            self.limit = limit
            self.cursor = cursor
        }
    }
    public typealias Result = PageRecord<SoundRecord>
}
