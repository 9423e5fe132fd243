/// `plugin.crashed`: A plugin exited, hung or broke the protocol; it is restarted after a backoff.
public enum PluginCrashed: APIEvent {
    /// The plugin's name and what went wrong.
    public typealias Data = PluginEventRecord
    public static let topic = "plugin.crashed"
    public static let summary = "A plugin exited, hung or broke the protocol; it is restarted after a backoff."
}
