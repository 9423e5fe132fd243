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
        /// Up to 50 characters.
        public var species: String?
        /// Up to 50 characters.
        public var breed: String?
        /// A day, `YYYY-MM-DD`.
        public var birthday: String?
        /// Free text, up to 2000 characters.
        public var notes: String?
        /// The sound `shutter.fire` plays for this pet (a sound id); -32001 when there is no such sound.
        public var shutterSoundId: String?

        /// Makes the params; a nil member is left out.
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
    /// The new pet. An empty or too long field is -32602 naming it.
    public typealias Result = PetRecord
}
