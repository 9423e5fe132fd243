import JSONRPC
import PetDiary

/// `diary.list {petId?, tag?, favorite?, from?, to?, order?, limit?, cursor?}` → a page of entries.
struct DiaryList: RPCMethod {
    static let name = "diary.list"
    static let summary = "Lists diary entries by date, a page at a time, filtered by pet, #tag, favourite and days (from and to included)."
    /// A read of a few rows: cheaper on the event loop than two thread switches.
    static let prefersEventLoop = true
    static let paramsSchema = JSONSchema.object(DiarySchema.paging.merging(DiaryList.filterSchema) { $1 })
    static let resultSchema = DiarySchema.page(of: DiarySchema.entry)

    static let filterSchema: [String: JSONSchema] = [
        "petId": DiarySchema.id, "tag": .string(description: "With or without the #."), "favorite": .boolean(),
        "from": DiarySchema.day, "to": DiarySchema.day,
    ]

    struct Params: Decodable, Sendable {
        var petId: String?
        var tag: String?
        var favorite: Bool?
        var from: String?
        var to: String?
        var order: String?
        var limit: Int?
        var cursor: String?
    }

    typealias Result = Page<DiaryEntry>

    let diary: Diary

    func handle(_ params: Params, context: RPCContext) async throws -> Page<DiaryEntry> {
        try await diary.store.entries(
            EntryFilter(petId: params.petId, tag: params.tag, favorite: params.favorite, from: params.from, to: params.to),
            page: PageRequest(limit: params.limit, cursor: params.cursor, order: params.order))
    }
}
