/// `pet.deleted`: A pet was deleted (its albums, photos and entries with it when forced); `data` is `{id}`.
public enum PetDeleted: APIEvent {
    /// `{id}` of the pet deleted.
    public typealias Data = RecordID
    public static let topic = "pet.deleted"
    public static let summary = """
        A pet was deleted (its albums, photos and entries with it when forced); `data` is `{id}`.
        """
}
