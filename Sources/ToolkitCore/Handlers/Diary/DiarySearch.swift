import JSONRPC
import PetDiary

/// `diary.search {query, petId?, tag?, favorite?, from?, to?, limit?, cursor?}` → ranked hits with snippets.
struct DiarySearch: RPCMethod {
    static let name = "diary.search"
    static let summary = "Finds entries whose title or body contains every word of query, in any script (산책 finds 공원에서 산책했다). Ranked best first; the snippet marks matches with <mark></mark>. Queries of only one- or two-character words come newest first."
    static let paramsSchema = JSONSchema.object(
        DiaryList.filterSchema.merging(["query": .string(), "limit": DiarySchema.limit, "cursor": DiarySchema.cursor]) { $1 },
        required: ["query"])
    static let resultSchema = DiarySchema.page(
        of: .object(["entry": DiarySchema.entry, "snippet": .string(), "rank": .number()]))
    static let positionalParameters: [String]? = ["query"]

    struct Params: Decodable, Sendable {
        var query: String
        var petId: String?
        var tag: String?
        var favorite: Bool?
        var from: String?
        var to: String?
        var limit: Int?
        var cursor: String?
    }

    typealias Result = Page<SearchHit>

    let diary: Diary

    func handle(_ params: Params, context: RPCContext) async throws -> Page<SearchHit> {
        try await diary.store.search(
            params.query,
            filter: EntryFilter(petId: params.petId, tag: params.tag, favorite: params.favorite, from: params.from, to: params.to),
            page: PageRequest(limit: params.limit, cursor: params.cursor))
    }
}
