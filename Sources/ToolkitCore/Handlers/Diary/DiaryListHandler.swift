import JSONRPC
import PetDiary
import Sharing
import ToolkitAPI

/// Answers `diary.list` as ToolkitAPI's ``DiaryList`` describes it.
struct DiaryListHandler: RPCHandler {
    typealias Method = DiaryList

    static let prefersEventLoop = true

    let diary: Diary

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        PageRecord(
            try await diary.store.entries.list(
                EntryFilter(
                    petId: params.petId, tag: params.tag, favorite: params.favorite, from: params.from, to: params.to),
                page: PageRequest(params.page)), EntryRecord.init)
    }
}
