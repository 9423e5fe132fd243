/// `sound.recorded`: A sound was recorded from an ALSA device (`sounds.record`, `notes.record`); `data` is the
/// sound.
public enum SoundRecorded: APIEvent {
    /// The new sound, of kind `recorded`.
    public typealias Data = SoundRecord
    public static let topic = "sound.recorded"
    public static let summary = """
        A sound was recorded from an ALSA device (`sounds.record`, `notes.record`); `data` is the sound.
        """
}
