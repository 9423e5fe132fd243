public import JSONRPC

/// `diary.list {petId?, tag?, favorite?, from?, to?, order?, limit?, cursor?}` → a page of entries.
public enum DiaryList: APIMethod {
    public static let name = "diary.list"
    public static let summary = """
        Lists diary entries by date, a page at a time, filtered by pet, #tag, favourite and days (from and to \
        included).
        """
    public static let paramsSchema: JSONSchema = .object(APISchema.paging.merging(DiaryList.filterSchema) { $1 })
    public static let resultSchema: JSONSchema = APISchema.page(of: APISchema.entry)

    /// The params of `diary.list`: `{petId?, tag?, favorite?, from?, to?, order?, limit?, cursor?}`.
    public struct Params: Codable, Sendable, Hashable {
        /// A record id (UUID).
        public var petId: String?
        /// With or without the `#`.
        public var tag: String?
        public var favorite: Bool?
        /// A day, `YYYY-MM-DD`.
        public var from: String?
        /// A day, `YYYY-MM-DD`.
        public var to: String?
        /// `newest` (the default from settings) or `oldest`.
        public var order: String?
        /// Items per page, 1 to 500 (default 20).
        public var limit: Int?
        /// The `nextCursor` of the previous page.
        public var cursor: String?

        public init(
            petId: String? = nil, tag: String? = nil, favorite: Bool? = nil, from: String? = nil, to: String? = nil,
            order: String? = nil, limit: Int? = nil, cursor: String? = nil
        ) {
            self.petId = petId
            self.tag = tag
            self.favorite = favorite
            self.from = from
            self.to = to
            self.order = order
            self.limit = limit
            self.cursor = cursor
        }
    }
    public typealias Result = PageRecord<EntryRecord>

    /// The filters `diary.list` and `diary.search` share.
    public static let filterSchema: [String: JSONSchema] = [
        "petId": APISchema.id, "tag": .string(description: "With or without the #."), "favorite": .boolean(),
        "from": APISchema.day, "to": APISchema.day,
    ]
}
