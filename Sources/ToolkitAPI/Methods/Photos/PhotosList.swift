public import JSONRPC

/// `photos.list {albumId?, petId?, kind?, favorite?, from?, to?, order?, limit?, cursor?}` → a page of photos.
public enum PhotosList: APIMethod {
    public static let name = "photos.list"
    public static let effect: RPCMethodEffect = .read
    public static let summary = """
        Lists photos and videos by when they were taken, a page at a time, filtered by album, pet, kind (photo or \
        video), favourite and time (from and to: days or RFC 3339 times, included).
        """
    public static let paramsSchema: JSONSchema = .object(
        APISchema.paging.merging([
            "albumId": APISchema.id, "petId": APISchema.id,
            "kind": .string(description: "photo (still images only) or video (videos only); both when absent."),
            "favorite": .boolean(), "from": APISchema.dayOrTime,
            "to": APISchema.dayOrTime,
        ]) { $1 })
    public static let resultSchema: JSONSchema = APISchema.page(of: APISchema.photo)

    /// The params of `photos.list`: `{albumId?, petId?, favorite?, from?, to?, order?, limit?, cursor?}`, which
    /// photos and which page of them.
    public struct Params: FilteredPageParams {
        /// Which photos.
        public var filter: Filter
        /// Which page of them, in which order.
        public var page: PageRequest

        /// Makes the params without a kind (photos and videos alike); a nil member is left out.
        public init(
            albumId: String? = nil, petId: String? = nil, favorite: Bool? = nil, from: String? = nil, to: String? = nil,
            order: String? = nil, limit: Int? = nil, cursor: String? = nil
        ) {
            self.init(
                albumId: albumId, petId: petId, kind: nil, favorite: favorite, from: from, to: to, order: order,
                limit: limit, cursor: cursor)
        }

        /// As the other initializer, with the kind: `photo` or `video` (kept apart so that code built against
        /// the one without it, a plugin's, goes on linking).
        public init(
            albumId: String? = nil, petId: String? = nil, kind: String?, favorite: Bool? = nil, from: String? = nil,
            to: String? = nil, order: String? = nil, limit: Int? = nil, cursor: String? = nil
        ) {
            self.init(
                Filter(albumId: albumId, petId: petId, kind: kind, favorite: favorite, from: from, to: to),
                page: PageRequest(order: order, limit: limit, cursor: cursor))
        }

        /// Makes the params of a filter and a page.
        public init(_ filter: Filter, page: PageRequest = PageRequest()) {
            self.filter = filter
            self.page = page
        }
    }

    /// Which photos `photos.list` lists: `{albumId?, petId?, kind?, favorite?, from?, to?}`, as ``Params``'
    /// initializer makes it.
    public struct Filter: Codable, Sendable, Hashable {
        /// A record id (UUID).
        public var albumId: String?
        /// A record id (UUID).
        public var petId: String?
        /// photo (still images only) or video (videos only); both when absent.
        public var kind: String?
        /// True for favourites only, false for the others; both when absent.
        public var favorite: Bool?
        /// A day (`YYYY-MM-DD`) or an RFC 3339 time.
        public var from: String?
        /// A day (`YYYY-MM-DD`) or an RFC 3339 time.
        public var to: String?
    }
    /// One page of photos; `nextCursor` is `null` on the last.
    public typealias Result = PageRecord<PhotoRecord>
}
