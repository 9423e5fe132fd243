/// `sound.imported`: A sound was added from a WAV file; `data` is the sound.
public enum SoundImported: APIEvent {
    /// The new sound.
    public typealias Data = SoundRecord
    public static let topic = "sound.imported"
    public static let summary = "A sound was added from a WAV file; `data` is the sound."
}
