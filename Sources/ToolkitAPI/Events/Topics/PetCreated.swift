/// `pet.created`: A pet was created; `data` is the new pet.
public enum PetCreated: APIEvent {
    /// The new pet.
    public typealias Data = PetRecord
    public static let topic = "pet.created"
    public static let summary = "A pet was created; `data` is the new pet."
}
