/// `plugin.failed`: A plugin was given up on (too many crashes, a name clash, bad options).
public enum PluginFailed: APIEvent {
    /// The plugin's name and why it was given up on.
    public typealias Data = PluginEventRecord
    public static let topic = "plugin.failed"
    public static let summary = "A plugin was given up on (too many crashes, a name clash, bad options)."
}
