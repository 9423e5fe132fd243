import JSONRPC
import PetDiary
import Sharing
import ToolkitAPI

/// Answers `pets.get` as ToolkitAPI's ``PetsGet`` describes it.
struct PetsGetHandler: RPCHandler {
    typealias Method = PetsGet

    static let prefersEventLoop = true

    let diary: Diary

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        PetRecord(try await diary.store.pets.get(id: params.id))
    }
}
