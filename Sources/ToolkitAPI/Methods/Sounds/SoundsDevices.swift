public import JSONRPC

/// `sounds.devices` → `{items: [{name, description, direction}]}`.
public enum SoundsDevices: APIMethod {
    public static let name = "sounds.devices"
    public static let effect: RPCMethodEffect = .read
    public static let summary = """
        Lists the PCM devices ALSA knows from its device hints; any other PCM name (file:..., a name from \
        .asoundrc) may still be given as a device.
        """
    public static let paramsSchema: JSONSchema = .object([:])
    public static let resultSchema: JSONSchema = .object([
        "items": .array(
            of: .object([
                "name": .string(), "description": .string(),
                "direction": .nullable(.string(description: "Input, Output, or null when both.")),
            ]))
    ])

    /// None.
    public typealias Params = NoParams

    /// The devices, in ALSA's order.
    public struct Result: Codable, Sendable, Hashable {
        /// The devices, in ALSA's order.
        public var items: [Device]

        /// Makes the answer.
        public init(items: [Device]) { self.items = items }
    }

    /// One PCM device.
    public struct Device: Codable, Sendable, Hashable {
        /// The name to pass as `device`.
        public var name: String
        /// ALSA's description, lines joined with " — ".
        public var description: String
        /// `Input`, `Output`, or null when both.
        public var direction: String?

        /// Makes a device; without a direction it does both.
        public init(name: String, description: String, direction: String? = nil) {
            self.name = name
            self.description = description
            self.direction = direction
        }

        enum CodingKeys: String, CodingKey {
            case name, description, direction
        }

        /// Writes every member, `direction` as `null` for a device that does both.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(description, forKey: .description)
            try container.encode(direction, forKey: .direction)
        }
    }
}
