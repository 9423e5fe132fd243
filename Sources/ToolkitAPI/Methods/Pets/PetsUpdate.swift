public import JSONRPC

/// `pets.update {id, name?, species?, breed?, birthday?, notes?, shutterSoundId?}` → the pet.
public enum PetsUpdate: APIMethod {
    public static let name = "pets.update"
    public static let effect: RPCMethodEffect = .write
    public static let summary = "Changes the fields given; an empty string clears an optional field."
    public static let paramsSchema: JSONSchema = .object(
        [
            "id": APISchema.id, "name": .string(), "species": .string(), "breed": .string(),
            "birthday": .string(description: "A day, YYYY-MM-DD, or \"\" to clear it."), "notes": .string(),
            "shutterSoundId": .string(),
        ],
        required: ["id"])
    public static let resultSchema: JSONSchema = APISchema.pet

    /// The params of `pets.update`: `{id, name?, species?, breed?, birthday?, notes?, shutterSoundId?}`.
    public struct Params: Codable, Sendable, Hashable {
        /// A record id (UUID).
        public var id: String
        public var name: String?
        public var species: String?
        public var breed: String?
        /// A day, YYYY-MM-DD, or "" to clear it.
        public var birthday: String?
        public var notes: String?
        public var shutterSoundId: String?

        public init(
            id: String, name: String? = nil, species: String? = nil, breed: String? = nil, birthday: String? = nil,
            notes: String? = nil, shutterSoundId: String? = nil
        ) {
            self.id = id
            self.name = name
            self.species = species
            self.breed = breed
            self.birthday = birthday
            self.notes = notes
            self.shutterSoundId = shutterSoundId
        }
    }
    public typealias Result = PetRecord
}
