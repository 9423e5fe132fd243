import JSONRPC
import PetDiary
import ToolkitAPI

/// Answers `diary.tags` as ToolkitAPI's ``DiaryTags`` describes it.
struct DiaryTagsHandler: RPCHandler {
    typealias Method = DiaryTags

    static let prefersEventLoop = true

    let diary: Diary

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        Method.Result(tags: try await diary.store.entries.tags(petId: params.petId).map(TagCountRecord.init))
    }
}
