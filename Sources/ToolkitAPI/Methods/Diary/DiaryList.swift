public import JSONRPC

/// `diary.list {petId?, tag?, favorite?, from?, to?, order?, limit?, cursor?}` → a page of entries.
public enum DiaryList: APIMethod {
    public static let name = "diary.list"
    public static let effect: RPCMethodEffect = .read
    public static let summary = """
        Lists diary entries by date, a page at a time, filtered by pet, #tag, favourite and days (from and to \
        included).
        """
    public static let paramsSchema: JSONSchema = .object(APISchema.paging.merging(DiaryList.filterSchema) { $1 })
    public static let resultSchema: JSONSchema = APISchema.page(of: APISchema.entry)

    /// The params of `diary.list`: `{petId?, tag?, favorite?, from?, to?, order?, limit?, cursor?}`, which entries
    /// and which page of them.
    public struct Params: FilteredPageParams {
        /// Which entries.
        public var filter: Filter
        /// Which page of them, in which order.
        public var page: PageRequest

        /// Makes the params; a nil member is left out.
        public init(
            petId: String? = nil, tag: String? = nil, favorite: Bool? = nil, from: String? = nil, to: String? = nil,
            order: String? = nil, limit: Int? = nil, cursor: String? = nil
        ) {
            self.init(
                Filter(petId: petId, tag: tag, favorite: favorite, from: from, to: to),
                page: PageRequest(order: order, limit: limit, cursor: cursor))
        }

        /// Makes the params of a filter and a page.
        public init(_ filter: Filter, page: PageRequest = PageRequest()) {
            self.filter = filter
            self.page = page
        }
    }

    /// Which entries `diary.list` lists: `{petId?, tag?, favorite?, from?, to?}` (``filterSchema``), as
    /// ``Params``' initializer makes it.
    public struct Filter: Codable, Sendable, Hashable {
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
    }
    /// One page of entries by date; `nextCursor` is `null` on the last.
    public typealias Result = PageRecord<EntryRecord>

    /// The filters `diary.list` and `diary.search` share.
    public static let filterSchema: [String: JSONSchema] = [
        "petId": APISchema.id, "tag": .string(description: "With or without the #."), "favorite": .boolean(),
        "from": APISchema.day, "to": APISchema.day,
    ]
}
