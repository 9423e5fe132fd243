import JSONRPC
import PetDiary

/// `pets.create {name, species?, breed?, birthday?, notes?, shutterSoundId?}` → the pet.
struct PetsCreate: RPCMethod {
    static let name = "pets.create"
    static let summary = "Adds a pet. Only name is required; birthday is a day (YYYY-MM-DD)."
    static let paramsSchema = JSONSchema.object(
        [
            "name": .string(description: "Up to 50 characters."), "species": .string(), "breed": .string(),
            "birthday": DiarySchema.day, "notes": .string(), "shutterSoundId": .string(),
        ],
        required: ["name"])
    static let resultSchema = DiarySchema.pet

    struct Params: Decodable, Sendable {
        var name: String
        var species: String?
        var breed: String?
        var birthday: String?
        var notes: String?
        var shutterSoundId: String?
    }

    typealias Result = Pet

    let diary: Diary

    func handle(_ params: Params, context: RPCContext) async throws -> Pet {
        try await diary.createPet(
            PetFields(
                name: params.name, species: params.species, breed: params.breed, birthday: params.birthday,
                notes: params.notes, shutterSoundId: params.shutterSoundId))
    }
}
