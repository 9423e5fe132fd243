public import JSONRPC

/// `shutter.fire {petId?, device?}` → the sound chosen and when its first period was written.
public enum ShutterFire: APIMethod {
    public static let name = "shutter.fire"
    public static let effect: RPCMethodEffect = .write
    public static let summary = """
        Plays the shutter sound at once: the pet's shutterSoundId, else the settings' shutterSoundId, else the \
        built-in clicker; answers when its first period has been written and publishes shutter.fired {petId, \
        soundId, at}, which a capture plugin answers with a photo. A fire while one plays restarts the sound.
        """
    public static let paramsSchema: JSONSchema = .object([
        "petId": .string(description: "The pet whose shutter sound to play; the default sound when absent."),
        "device": .string(description: "An ALSA PCM name; the settings' soundDevice when absent."),
    ])
    public static let resultSchema: JSONSchema = .object([
        "petId": .nullable(.string()), "soundId": .string(),
        "source": .string(description: "Which setting chose the sound: pet, settings or builtin."),
        "device": .string(), "at": APISchema.time,
        "latencyMs": .number(description: "From the request's dispatch to the first period written."),
    ])

    /// The params of `shutter.fire`: `{petId?, device?}`.
    public struct Params: Codable, Sendable, Hashable {
        /// The pet whose shutter sound to play; the default sound when absent.
        public var petId: String?
        /// An ALSA PCM name; the settings' soundDevice when absent.
        public var device: String?

        /// Makes the params; without a pet the default shutter sound plays.
        public init(petId: String? = nil, device: String? = nil) {
            self.petId = petId
            self.device = device
        }
    }

    /// What was fired.
    public struct Result: Codable, Sendable, Hashable {
        /// The pet asked for; `null` when the call named none.
        public var petId: String?
        /// The sound that played.
        public var soundId: String
        /// Which setting chose the sound: `pet`, `settings` or `builtin`.
        public var source: String
        /// The ALSA PCM it played on.
        public var device: String
        /// When it was fired, RFC 3339 UTC (as in the `shutter.fired` event).
        public var at: String
        /// From the request's dispatch to the first period written.
        ///
        /// In milliseconds, measured from the start of the core's handler.
        public var latencyMs: Double

        /// Makes the answer.
        public init(petId: String?, soundId: String, source: String, device: String, at: String, latencyMs: Double) {
            self.petId = petId
            self.soundId = soundId
            self.source = source
            self.device = device
            self.at = at
            self.latencyMs = latencyMs
        }

        enum CodingKeys: String, CodingKey {
            case petId, soundId, source, device, at, latencyMs
        }

        /// Writes every member, `petId` as `null` when the call named no pet.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(petId, forKey: .petId)
            try container.encode(soundId, forKey: .soundId)
            try container.encode(source, forKey: .source)
            try container.encode(device, forKey: .device)
            try container.encode(at, forKey: .at)
            try container.encode(latencyMs, forKey: .latencyMs)
        }
    }
}
