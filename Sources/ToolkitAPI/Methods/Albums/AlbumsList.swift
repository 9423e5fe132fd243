public import JSONRPC

/// `albums.list {petId?, order?, limit?, cursor?}` → a page of albums.
public enum AlbumsList: APIMethod {
    public static let name = "albums.list"
    public static let summary = "Lists albums, of one pet or all, a page at a time, by when they were made."
    public static let paramsSchema: JSONSchema = .object(APISchema.paging.merging(["petId": APISchema.id]) { $1 })
    public static let resultSchema: JSONSchema = APISchema.page(of: APISchema.album)

    public struct Params: Codable, Sendable, Hashable {
        public var petId: String?
        public var order: String?
        public var limit: Int?
        public var cursor: String?

        public init(petId: String? = nil, order: String? = nil, limit: Int? = nil, cursor: String? = nil) {
            self.petId = petId
            self.order = order
            self.limit = limit
            self.cursor = cursor
        }
    }
    public typealias Result = PageRecord<AlbumRecord>
}
