import JSONRPC
import PetDiary

/// `photos.list {albumId?, petId?, favorite?, from?, to?, order?, limit?, cursor?}` → a page of photos.
struct PhotosList: RPCMethod {
    static let name = "photos.list"
    static let summary = "Lists photos and videos by when they were taken, a page at a time, filtered by album, pet, favourite and time (from and to: days or RFC 3339 times, included)."
    /// A read of a few rows: cheaper on the event loop than two thread switches.
    static let prefersEventLoop = true
    static let paramsSchema = JSONSchema.object(
        DiarySchema.paging.merging([
            "albumId": DiarySchema.id, "petId": DiarySchema.id, "favorite": .boolean(), "from": DiarySchema.dayOrTime,
            "to": DiarySchema.dayOrTime,
        ]) { $1 })
    static let resultSchema = DiarySchema.page(of: DiarySchema.photo)

    struct Params: Decodable, Sendable {
        var albumId: String?
        var petId: String?
        var favorite: Bool?
        var from: String?
        var to: String?
        var order: String?
        var limit: Int?
        var cursor: String?
    }

    typealias Result = Page<Photo>

    let diary: Diary

    func handle(_ params: Params, context: RPCContext) async throws -> Page<Photo> {
        try await diary.store.photos(
            PhotoFilter(albumId: params.albumId, petId: params.petId, favorite: params.favorite, from: params.from, to: params.to),
            page: PageRequest(limit: params.limit, cursor: params.cursor, order: params.order))
    }
}
