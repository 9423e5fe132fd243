import JSONRPC
import PetDiary
import ToolkitAPI

/// Answers `diary.deleteAll` as ToolkitAPI's ``DiaryDeleteAll`` describes it.
struct DiaryDeleteAllHandler: RPCHandler {
    typealias Method = DiaryDeleteAll

    let diary: Diary

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        Method.Result(deleted: try await diary.deleteAllEntries(confirm: params.confirm, logger: context.logger).count)
    }
}
