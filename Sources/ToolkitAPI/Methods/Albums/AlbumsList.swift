public import JSONRPC

/// `albums.list {petId?, order?, limit?, cursor?}` → a page of albums.
public enum AlbumsList: APIMethod {
    public static let name = "albums.list"
    public static let effect: RPCMethodEffect = .read
    public static let summary = "Lists albums, of one pet or all, a page at a time, by when they were made."
    public static let paramsSchema: JSONSchema = .object(APISchema.paging.merging(["petId": APISchema.id]) { $1 })
    public static let resultSchema: JSONSchema = APISchema.page(of: APISchema.album)

    /// The params of `albums.list`: `{petId?, order?, limit?, cursor?}`.
    public struct Params: Codable, Sendable, Hashable {
        /// A record id (UUID).
        public var petId: String?
        /// `newest` (the default from settings) or `oldest`.
        public var order: String?
        /// Items per page, 1 to 500 (default 20).
        public var limit: Int?
        /// The `nextCursor` of the previous page.
        public var cursor: String?

        /// Makes the params; a nil member is left out.
        public init(petId: String? = nil, order: String? = nil, limit: Int? = nil, cursor: String? = nil) {
            self.petId = petId
            self.order = order
            self.limit = limit
            self.cursor = cursor
        }
    }
    /// One page of albums; `nextCursor` is `null` on the last.
    public typealias Result = PageRecord<AlbumRecord>
}
