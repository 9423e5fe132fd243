import JSONRPC
import PetDiary
import Sharing
import ToolkitAPI

/// Answers `diary.get` as ToolkitAPI's ``DiaryGet`` describes it.
struct DiaryGetHandler: RPCHandler {
    typealias Method = DiaryGet

    static let prefersEventLoop = true

    let diary: Diary

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        EntryRecord(try await diary.store.entries.get(id: params.id))
    }
}
