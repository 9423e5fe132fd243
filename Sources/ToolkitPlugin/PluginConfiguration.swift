public import JSONRPC

/// What the core gave the plugin in `init`.
public struct PluginConfiguration: Sendable {
    /// The name the core loaded the plugin under.
    public var name: String
    /// The core's socket, for calls back (see ``Plugin/core()``); nil when the core sent none.
    public var socketPath: String?
    /// A directory the plugin may keep files in.
    public var dataDirectory: String?
    /// Every declared option by name: the config file's value, or the default.
    public var options: [String: JSONValue]
}
