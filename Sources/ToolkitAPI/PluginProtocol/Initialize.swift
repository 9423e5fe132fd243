public import JSONRPC

/// `init {"protocol": 1, "name", "socket", "dataDir", "options"}` → any result, or `{"disable": reason}`:
/// the core's second request, after ``GetManifest``.
public enum Initialize: RPCMethodDescribing {
    public static let name = "init"
    public static let summary = "Gives the plugin its name, the core's socket, its data directory and its options."

    /// What the core gives the plugin.
    public struct Params: Codable, Sendable, Hashable {
        /// The protocol version the core speaks.
        public var `protocol`: Int?
        /// The name the core loaded the plugin under.
        public var name: String?
        /// The core's socket, for calls back.
        public var socket: String?
        /// A directory the plugin may keep files in.
        public var dataDir: String?
        /// Every declared option, in name order: the config file's value or the default.
        public var options: JSONValue?

        /// Makes params.
        public init(
            protocol: Int? = PluginProtocol.version, name: String? = nil, socket: String? = nil,
            dataDir: String? = nil, options: JSONValue? = nil
        ) {
            self.protocol = `protocol`
            self.name = name
            self.socket = socket
            self.dataDir = dataDir
            self.options = options
        }

        /// The params as the core writes them, members in the order docs/plugins.md shows them.
        public var json: JSONValue {
            var members: [(String, JSONValue)] = []
            if let version = self.protocol { members.append(("protocol", .int(version))) }
            if let name { members.append(("name", .string(name))) }
            if let socket { members.append(("socket", .string(socket))) }
            if let dataDir { members.append(("dataDir", .string(dataDir))) }
            if let options { members.append(("options", options)) }
            return .object(members)
        }
    }

    /// `{}`, or `{"disable": reason}`: the plugin stays loaded but off. Read leniently, as protocol 1 takes
    /// any result: a `disable` that is not a string becomes its JSON text, and anything else none.
    public struct Result: Codable, Sendable, Hashable {
        /// Why the plugin asks to be disabled; nil when it is ready.
        public var disable: String?

        /// Makes an answer.
        public init(disable: String? = nil) {
            self.disable = disable
        }

        private enum CodingKeys: String, CodingKey { case disable }

        /// Reads any JSON value; only an object's non-null `disable` counts.
        public init(from decoder: any Decoder) throws {
            let value = try JSONValue(from: decoder)
            guard case .object = value, let reason = value["disable"], reason != .null else {
                disable = nil
                return
            }
            if case .string(let text) = reason { disable = text } else { disable = reason.text }
        }
    }
}
