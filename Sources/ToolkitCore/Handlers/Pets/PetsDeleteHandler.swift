import JSONRPC
import PetDiary
import ToolkitAPI

/// Answers `pets.delete` as ToolkitAPI's ``PetsDelete`` describes it.
struct PetsDeleteHandler: RPCHandler {
    typealias Method = PetsDelete

    let diary: Diary

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        DeletionRecord(try await diary.deletePet(id: params.id, force: params.force ?? false, logger: context.logger))
    }
}
