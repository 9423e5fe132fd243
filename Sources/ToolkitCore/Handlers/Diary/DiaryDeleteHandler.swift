import JSONRPC
import PetDiary
import ToolkitAPI

/// Answers `diary.delete` as ToolkitAPI's ``DiaryDelete`` describes it.
struct DiaryDeleteHandler: RPCHandler {
    typealias Method = DiaryDelete

    let diary: Diary

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        try await diary.deleteEntry(id: params.id, logger: context.logger)
        return Method.Result(deleted: 1)
    }
}
