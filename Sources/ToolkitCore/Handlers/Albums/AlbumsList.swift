import JSONRPC
import PetDiary

/// `albums.list {petId?, order?, limit?, cursor?}` → a page of albums.
struct AlbumsList: RPCMethod {
    static let name = "albums.list"
    static let summary = "Lists albums, of one pet or all, a page at a time, by when they were made."
    /// A read of a few rows: cheaper on the event loop than two thread switches.
    static let prefersEventLoop = true
    static let paramsSchema = JSONSchema.object(DiarySchema.paging.merging(["petId": DiarySchema.id]) { $1 })
    static let resultSchema = DiarySchema.page(of: DiarySchema.album)

    struct Params: Decodable, Sendable {
        var petId: String?
        var order: String?
        var limit: Int?
        var cursor: String?
    }

    typealias Result = Page<Album>

    let diary: Diary

    func handle(_ params: Params, context: RPCContext) async throws -> Page<Album> {
        try await diary.store.albums(
            petId: params.petId, page: PageRequest(limit: params.limit, cursor: params.cursor, order: params.order))
    }
}
