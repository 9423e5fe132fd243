/// `plugin.stopped`: A plugin was stopped (`plugins.stop`, core shutdown).
public enum PluginStopped: APIEvent {
    /// The plugin's name, and why when there is something to say.
    public typealias Data = PluginEventRecord
    public static let topic = "plugin.stopped"
    public static let summary = "A plugin was stopped (`plugins.stop`, core shutdown)."
}
