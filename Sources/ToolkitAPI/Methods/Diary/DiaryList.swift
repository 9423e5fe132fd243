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

    public struct Params: Codable, Sendable, Hashable {
        public var petId: String?
        public var tag: String?
        public var favorite: Bool?
        public var from: String?
        public var to: String?
        public var order: String?
        public var limit: Int?
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
