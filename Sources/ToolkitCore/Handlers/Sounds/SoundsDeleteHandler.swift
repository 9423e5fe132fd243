import JSONRPC
import PetDiary
import ToolkitAPI

/// Answers `sounds.delete` as ToolkitAPI's ``SoundsDelete`` describes it.
struct SoundsDeleteHandler: RPCHandler {
    typealias Method = SoundsDelete

    let diary: Diary

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        try await diary.deleteSound(id: params.id, force: params.force ?? false, logger: context.logger)
        return DeletedCount(deleted: 1)
    }
}
