public import JSONRPC

/// `plugins.stop {name}` → the plugin afterwards.
public enum PluginsStop: PluginControl {
    public static let name = "plugins.stop"
    public static let effect: RPCMethodEffect = .write
    public static let summary =
        "Stops a plugin: shutdown, stdin closed, then SIGTERM and SIGKILL if it lingers; its methods go away."
}
