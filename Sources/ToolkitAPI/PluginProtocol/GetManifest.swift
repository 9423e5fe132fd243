public import JSONRPC

/// `getmanifest {"protocol": 1}` → the plugin's ``PluginManifestRecord``: the core's first request to a
/// plugin it starts.
public enum GetManifest: RPCMethodDescribing {
    public static let name = "getmanifest"
    public static let summary = "Answers the plugin's manifest: its name, version, methods, hooks and options."

    /// `{"protocol": 1}`.
    public struct Params: Codable, Sendable, Hashable {
        /// The protocol version the core speaks; nil from a sender that does not say.
        public var `protocol`: Int?

        /// The params the core sends: its protocol version.
        public init(protocol: Int? = PluginProtocol.version) {
            self.protocol = `protocol`
        }
    }

    /// The plugin's manifest; one the core cannot read refuses the plugin.
    public typealias Result = PluginManifestRecord
}
