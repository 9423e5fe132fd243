import JSONRPC
import PetDiary
import Sharing
import ToolkitAPI

/// Answers `pets.create` as ToolkitAPI's ``PetsCreate`` describes it.
struct PetsCreateHandler: RPCHandler {
    typealias Method = PetsCreate

    let diary: Diary

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        PetRecord(
            try await diary.createPet(
                PetFields(
                    name: params.name, species: params.species, breed: params.breed, birthday: params.birthday,
                    notes: params.notes, shutterSoundId: params.shutterSoundId)))
    }
}
