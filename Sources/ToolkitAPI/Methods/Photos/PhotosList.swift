public import JSONRPC

/// `photos.list {albumId?, petId?, favorite?, from?, to?, order?, limit?, cursor?}` → a page of photos.
public enum PhotosList: APIMethod {
    public static let name = "photos.list"
    public static let summary = """
        Lists photos and videos by when they were taken, a page at a time, filtered by album, pet, favourite and \
        time (from and to: days or RFC 3339 times, included).
        """
    public static let paramsSchema: JSONSchema = .object(
        APISchema.paging.merging([
            "albumId": APISchema.id, "petId": APISchema.id, "favorite": .boolean(), "from": APISchema.dayOrTime,
            "to": APISchema.dayOrTime,
        ]) { $1 })
    public static let resultSchema: JSONSchema = APISchema.page(of: APISchema.photo)

    /// The params of `photos.list`: `{albumId?, petId?, favorite?, from?, to?, order?, limit?, cursor?}`, which
    /// photos and which page of them.
    public struct Params: FilteredPageParams {
        public var filter: Filter
        public var page: PageRequest

        public init(
            albumId: String? = nil, petId: String? = nil, favorite: Bool? = nil, from: String? = nil, to: String? = nil,
            order: String? = nil, limit: Int? = nil, cursor: String? = nil
        ) {
            self.init(
                Filter(albumId: albumId, petId: petId, favorite: favorite, from: from, to: to),
                page: PageRequest(order: order, limit: limit, cursor: cursor))
        }

        public init(_ filter: Filter, page: PageRequest = PageRequest()) {
            self.filter = filter
            self.page = page
        }
    }

    /// Which photos `photos.list` lists: `{albumId?, petId?, favorite?, from?, to?}`, as ``Params``' initializer
    /// makes it.
    public struct Filter: Codable, Sendable, Hashable {
        /// A record id (UUID).
        public var albumId: String?
        /// A record id (UUID).
        public var petId: String?
        public var favorite: Bool?
        /// A day (`YYYY-MM-DD`) or an RFC 3339 time.
        public var from: String?
        /// A day (`YYYY-MM-DD`) or an RFC 3339 time.
        public var to: String?
    }
    public typealias Result = PageRecord<PhotoRecord>
}
