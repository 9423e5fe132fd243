import JSONRPC
import PetDiary
import ToolkitAPI

/// `pets.get {id}` → the pet.
struct PetsGetHandler: RPCHandler {
    typealias Method = PetsGet

    static let prefersEventLoop = true

    let diary: Diary

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        PetRecord(try await diary.store.pet(id: params.id))
    }
}
