import JSONRPC
import PetDiary

/// `pets.list {order?, limit?, cursor?}` → a page of pets, by when they were added.
struct PetsList: RPCMethod {
    static let name = "pets.list"
    static let summary = "Lists the pets, a page at a time, by when they were added."
    /// A read of a few rows: cheaper on the event loop than two thread switches.
    static let prefersEventLoop = true
    static let paramsSchema = JSONSchema.object(DiarySchema.paging)
    static let resultSchema = DiarySchema.page(of: DiarySchema.pet)

    struct Params: Decodable, Sendable {
        var order: String?
        var limit: Int?
        var cursor: String?
    }

    typealias Result = Page<Pet>

    let diary: Diary

    func handle(_ params: Params, context: RPCContext) async throws -> Page<Pet> {
        try await diary.store.pets(page: PageRequest(limit: params.limit, cursor: params.cursor, order: params.order))
    }
}
