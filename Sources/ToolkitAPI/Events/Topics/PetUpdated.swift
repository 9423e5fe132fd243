/// `pet.updated`: A pet was changed; `data` is the pet as it is now.
public enum PetUpdated: APIEvent {
    /// The pet as it is now.
    public typealias Data = PetRecord
    public static let topic = "pet.updated"
    public static let summary = "A pet was changed; `data` is the pet as it is now."
}
