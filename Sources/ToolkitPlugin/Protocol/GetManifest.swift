public import JSONRPC

/// `getmanifest {"protocol": 1}` → the plugin's ``PluginManifest``: the core's first request.
public enum GetManifest: RPCMethodDescribing {
    public static let name = "getmanifest"
    public static let summary = "Answers the plugin's manifest: its name, version, methods, hooks and options."

    /// `{"protocol": 1}`.
    public struct Params: Codable, Sendable, Hashable {
        public var `protocol`: Int?
    }
    public typealias Result = PluginManifest
}
