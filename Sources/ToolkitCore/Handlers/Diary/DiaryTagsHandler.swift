import JSONRPC
import PetDiary
import ToolkitAPI

/// `diary.tags {petId?}` → `{tags: [{tag, count}]}`, most used first.
struct DiaryTagsHandler: RPCHandler {
    typealias Method = DiaryTags

    static let prefersEventLoop = true

    let diary: Diary

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        Method.Result(tags: try await diary.store.tags(petId: params.petId).map(TagCountRecord.init))
    }
}
