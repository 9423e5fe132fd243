public import JSONRPC

/// `sounds.record {title, seconds, device?, rate?, channels?, progress?}` → the sound.
public enum SoundsRecord: APIMethod {
    public static let name = "sounds.record"
    public static let effect: RPCMethodEffect = .write
    public static let summary = """
        Records 16-bit PCM from an ALSA capture device (the one given, else the settings' captureDevice) into a new \
        sound of kind recorded, and publishes sound.recorded. seconds is more than 0 and at most 600; rate defaults \
        to 44100 Hz and channels to 1. With "progress": true, a progress notification about each second (unit \
        seconds). rpc.cancel, or the client going away, stops it and keeps nothing (a cancel is answered -32005). \
        A device ALSA cannot open is -32006 with device and alsaError.
        """
    public static let paramsSchema: JSONSchema = .object(
        [
            "title": .string(description: "What to call it, e.g. the pet's name in the owner's voice."),
            "seconds": .number(description: "How long to record: more than 0, at most 600."),
            "device": .string(description: "An ALSA PCM name; the settings' captureDevice when absent."),
            "rate": .integer(description: "Frames per second, 1 to 192000 (default 44100).", minimum: 1),
            "channels": .integer(description: "1 to 8 (default 1).", minimum: 1),
            "progress": .boolean(description: "Send a progress notification about each second."),
        ],
        required: ["title", "seconds"])
    public static let resultSchema: JSONSchema = APISchema.sound

    /// The params of `sounds.record`: `{title, seconds, device?, rate?, channels?, progress?}`.
    public struct Params: Codable, Sendable, Hashable {
        /// What to call it, e.g. the pet's name in the owner's voice.
        public var title: String
        /// How long to record: more than 0, at most 600.
        public var seconds: Double
        /// An ALSA PCM name; the settings' captureDevice when absent.
        public var device: String?
        /// Frames per second, 1 to 192000 (default 44100).
        public var rate: Int?
        /// 1 to 8 (default 1).
        public var channels: Int?
        /// Send a progress notification about each second.
        public var progress: Bool?

        /// Makes the params; a nil member is left out and takes its default.
        public init(
            title: String, seconds: Double, device: String? = nil, rate: Int? = nil, channels: Int? = nil,
            progress: Bool? = nil
        ) {
            self.title = title
            self.seconds = seconds
            self.device = device
            self.rate = rate
            self.channels = channels
            self.progress = progress
        }
    }
    /// The new sound, of kind `recorded`. -32006 for a device ALSA cannot open; -32005 when cancelled, and then nothing
    /// is kept.
    public typealias Result = SoundRecord
}
