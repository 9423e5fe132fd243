import JSONRPC
import PetDiary

/// `pets.update {id, name?, species?, breed?, birthday?, notes?, shutterSoundId?}` → the pet.
struct PetsUpdate: RPCMethod {
    static let name = "pets.update"
    static let summary = "Changes the fields given; an empty string clears an optional field."
    static let paramsSchema = JSONSchema.object(
        [
            "id": DiarySchema.id, "name": .string(), "species": .string(), "breed": .string(),
            "birthday": .string(description: "A day, YYYY-MM-DD, or \"\" to clear it."), "notes": .string(),
            "shutterSoundId": .string(),
        ],
        required: ["id"])
    static let resultSchema = DiarySchema.pet

    struct Params: Decodable, Sendable {
        var id: String
        var name: String?
        var species: String?
        var breed: String?
        var birthday: String?
        var notes: String?
        var shutterSoundId: String?
    }

    typealias Result = Pet

    let diary: Diary

    func handle(_ params: Params, context: RPCContext) async throws -> Pet {
        try await diary.updatePet(
            id: params.id,
            PetFields(
                name: params.name, species: params.species, breed: params.breed, birthday: params.birthday,
                notes: params.notes, shutterSoundId: params.shutterSoundId))
    }
}
