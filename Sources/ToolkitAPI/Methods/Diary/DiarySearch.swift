public import JSONRPC

/// `diary.search {query, petId?, tag?, favorite?, from?, to?, limit?, cursor?}` → ranked hits with snippets.
public enum DiarySearch: APIMethod {
    public static let name = "diary.search"
    public static let effect: RPCMethodEffect = .read
    public static let summary = """
        Finds entries whose title or body contains every word of query, in any script (산책 finds 공원에서 산책했다). \
        Ranked best first; the snippet marks matches with <mark></mark>. Queries of only one- or two-character \
        words come newest first.
        """
    public static let paramsSchema: JSONSchema = .object(
        DiaryList.filterSchema.merging(["query": .string(), "limit": APISchema.limit, "cursor": APISchema.cursor]) {
            $1
        },
        required: ["query"])
    public static let resultSchema: JSONSchema = APISchema.page(of: APISchema.searchHit)
    /// Params may also be given by position: `[query]`.
    public static let positionalParameters: [String]? = ["query"]

    /// The params of `diary.search`: `{query, petId?, tag?, favorite?, from?, to?, limit?, cursor?}`.
    public struct Params: Codable, Sendable, Hashable {
        /// The words to find, up to 200 characters; every word must occur in the title or the body.
        public var query: String
        /// A record id (UUID).
        public var petId: String?
        /// With or without the `#`.
        public var tag: String?
        /// True for favourites only, false for the others; both when absent.
        public var favorite: Bool?
        /// A day, `YYYY-MM-DD`.
        public var from: String?
        /// A day, `YYYY-MM-DD`.
        public var to: String?
        /// Items per page, 1 to 500 (default 20).
        public var limit: Int?
        /// The `nextCursor` of the previous page.
        public var cursor: String?

        /// Makes the params; a nil member is left out.
        public init(
            query: String, petId: String? = nil, tag: String? = nil, favorite: Bool? = nil, from: String? = nil,
            to:
                String? = nil, limit: Int? = nil, cursor: String? = nil
        ) {
            self.query = query
            self.petId = petId
            self.tag = tag
            self.favorite = favorite
            self.from = from
            self.to = to
            self.limit = limit
            self.cursor = cursor
        }
    }
    /// One page of hits; `nextCursor` is `null` on the last. An empty query is -32602.
    public typealias Result = PageRecord<SearchHitRecord>
}
