/// `sound.deleted`: A sound was deleted; `data` is `{id}`.
public enum SoundDeleted: APIEvent {
    /// `{id}` of the sound deleted.
    public typealias Data = RecordID
    public static let topic = "sound.deleted"
    public static let summary = "A sound was deleted; `data` is `{id}`."
}
