/// `sound.updated`: A sound was renamed; `data` is the sound as it is now.
public enum SoundUpdated: APIEvent {
    /// The sound as it is now.
    public typealias Data = SoundRecord
    public static let topic = "sound.updated"
    public static let summary = "A sound was renamed; `data` is the sound as it is now."
}
