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

    public struct Params: Codable, Sendable, Hashable {
        public var albumId: String?
        public var petId: String?
        public var favorite: Bool?
        public var from: String?
        public var to: String?
        public var order: String?
        public var limit: Int?
        public var cursor: String?

        public init(
            albumId: String? = nil, petId: String? = nil, favorite: Bool? = nil, from: String? = nil, to: String? = nil,
            order: String? = nil, limit: Int? = nil, cursor: String? = nil
        ) {
            self.albumId = albumId
            self.petId = petId
            self.favorite = favorite
            self.from = from
            self.to = to
            self.order = order
            self.limit = limit
            self.cursor = cursor
        }
    }
    public typealias Result = PageRecord<PhotoRecord>
}
