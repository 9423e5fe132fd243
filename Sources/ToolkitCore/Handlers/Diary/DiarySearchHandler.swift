import JSONRPC
import PetDiary
import ToolkitAPI

/// Answers `diary.search` as ToolkitAPI's ``DiarySearch`` describes it.
struct DiarySearchHandler: RPCHandler {
    typealias Method = DiarySearch

    let diary: Diary

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        PageRecord(
            try await diary.store.entries.search(
                params.query,
                filter: EntryFilter(
                    petId: params.petId, tag: params.tag, favorite: params.favorite, from: params.from, to: params.to),
                page: PageRequest(limit: params.limit, cursor: params.cursor)), SearchHitRecord.init)
    }
}
