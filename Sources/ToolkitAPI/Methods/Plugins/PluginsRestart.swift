public import JSONRPC

/// `plugins.restart {name}` → the plugin afterwards.
public enum PluginsRestart: PluginControl {
    public static let name = "plugins.restart"
    public static let effect: RPCMethodEffect = .write
    public static let summary =
        "Stops a plugin and starts it again, a failed one too, its recent crashes forgotten (its calls, errors and "
        + "restarts add up)."
}
