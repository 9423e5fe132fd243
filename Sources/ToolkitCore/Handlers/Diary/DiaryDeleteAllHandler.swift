import JSONRPC
import PetDiary
import ToolkitAPI

/// `diary.deleteAll {confirm}` → `{deleted: n}`; `confirm` must be the diary's name.
struct DiaryDeleteAllHandler: RPCHandler {
    typealias Method = DiaryDeleteAll

    let diary: Diary

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        Method.Result(deleted: try await diary.deleteAllEntries(confirm: params.confirm).count)
    }
}
