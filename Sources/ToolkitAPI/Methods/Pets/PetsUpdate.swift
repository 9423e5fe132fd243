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
        /// Up to 50 characters; cannot be cleared.
        public var name: String?
        /// Up to 50 characters, or "" to clear it.
        public var species: String?
        /// Up to 50 characters, or "" to clear it.
        public var breed: String?
        /// A day, YYYY-MM-DD, or "" to clear it.
        public var birthday: String?
        /// Up to 2000 characters, or "" to clear it.
        public var notes: String?
        /// A sound id, or "" to go back to the diary's default; -32001 when there is no such sound.
        public var shutterSoundId: String?

        /// Makes the params; a nil member is left out, and the pet keeps that field.
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
    /// The pet as it is now; -32001 when no pet has the id.
    public typealias Result = PetRecord
}
