/// `shutter.fired`: `shutter.fire` played a shutter sound; a capture plugin may answer with a photo.
public enum ShutterFired: APIEvent {
    /// The pet, the sound and when it started playing.
    public typealias Data = ShutterFiredRecord
    public static let topic = "shutter.fired"
    public static let summary = "`shutter.fire` played a shutter sound; a capture plugin may answer with a photo."
}
