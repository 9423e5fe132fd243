import JSONRPC
import PetDiary
import ToolkitAPI

/// `pets.update {id, name?, species?, breed?, birthday?, notes?, shutterSoundId?}` → the pet.
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
