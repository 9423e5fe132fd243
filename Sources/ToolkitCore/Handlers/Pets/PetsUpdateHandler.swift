import JSONRPC
import PetDiary
import Sharing
import ToolkitAPI

/// Answers `pets.update` as ToolkitAPI's ``PetsUpdate`` describes it.
struct PetsUpdateHandler: RPCHandler {
    typealias Method = PetsUpdate

    let diary: Diary

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        PetRecord(
            try await diary.updatePet(
                id: params.id,
                PetFields(
                    name: params.name, species: params.species, breed: params.breed, birthday: params.birthday,
                    notes: params.notes, shutterSoundId: params.shutterSoundId)))
    }
}
