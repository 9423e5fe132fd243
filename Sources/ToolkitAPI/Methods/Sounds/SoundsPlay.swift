public import JSONRPC

/// `sounds.play {id, device?, wait?}` → how the play went, or that it started.
public enum SoundsPlay: APIMethod {
    public static let name = "sounds.play"
    public static let effect: RPCMethodEffect = .write
    public static let summary = """
        Plays a sound on an ALSA device: the one given, else the settings' soundDevice. With wait it answers when \
        the sound has ended (or was stopped), with the frames written and underruns; without, once the first \
        period has been written. A device ALSA cannot open is -32006 with device and alsaError.
        """
    public static let paramsSchema: JSONSchema = .object(
        [
            "id": APISchema.soundID,
            "device": .string(description: "An ALSA PCM name; the settings' soundDevice when absent."),
            "wait": .boolean(description: "Answer when the sound has ended rather than when it started."),
        ],
        required: ["id"])
    public static let resultSchema: JSONSchema = APISchema.play
    /// Params may also be given by position: `[id]`.
    public static let positionalParameters: [String]? = ["id"]

    /// The params of `sounds.play`: `{id, device?, wait?}`.
    public struct Params: Codable, Sendable, Hashable {
        /// A sound id: a UUID, or a built-in sound's name (squeak, whistle, bell, clicker, chirp).
        ///
        /// A record id (UUID).
        public var id: String
        /// An ALSA PCM name; the settings' soundDevice when absent.
        public var device: String?
        /// Answer when the sound has ended rather than when it started.
        public var wait: Bool?

        /// Makes the params; without `wait` it answers once the sound has started.
        public init(id: String, device: String? = nil, wait: Bool? = nil) {
            self.id = id
            self.device = device
            self.wait = wait
        }
    }
    /// How the play went (with `wait`), or the sound and device it started on. -32001 when no sound has the id; -32006
    /// for a device ALSA cannot open.
    public typealias Result = PlayRecord
}
