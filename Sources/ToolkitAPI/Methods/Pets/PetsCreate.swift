public import JSONRPC

/// `pets.create {name, species?, breed?, birthday?, notes?, shutterSoundId?}` → the pet.
public enum PetsCreate: APIMethod {
    public static let name = "pets.create"
    public static let effect: RPCMethodEffect = .write
    public static let summary = "Adds a pet. Only name is required; birthday is a day (YYYY-MM-DD)."
    public static let paramsSchema: JSONSchema = .object(
        [
            "name": .string(description: "Up to 50 characters."), "species": .string(), "breed": .string(),
            "birthday": APISchema.day, "notes": .string(), "shutterSoundId": .string(),
        ],
        required: ["name"])
    public static let resultSchema: JSONSchema = APISchema.pet

    /// The params of `pets.create`: `{name, species?, breed?, birthday?, notes?, shutterSoundId?}`.
    public struct Params: Codable, Sendable, Hashable {
        /// Up to 50 characters.
        public var name: String
        public var species: String?
        public var breed: String?
        /// A day, `YYYY-MM-DD`.
        public var birthday: String?
        public var notes: String?
        public var shutterSoundId: String?

        public init(
            name: String, species: String? = nil, breed: String? = nil, birthday: String? = nil, notes: String? = nil,
            shutterSoundId: String? = nil
        ) {
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
