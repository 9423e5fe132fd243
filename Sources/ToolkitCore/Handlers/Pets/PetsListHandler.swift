import JSONRPC
import PetDiary
import Sharing
import ToolkitAPI

/// Answers `pets.list` as ToolkitAPI's ``PetsList`` describes it.
struct PetsListHandler: RPCHandler {
    typealias Method = PetsList

    static let prefersEventLoop = true

    let diary: Diary

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        PageRecord(try await diary.store.pets.list(page: PageRequest(params)), PetRecord.init)
    }
}
