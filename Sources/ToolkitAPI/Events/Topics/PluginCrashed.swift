/// `plugin.crashed`: A plugin exited, hung or broke the protocol; it is restarted after a backoff.
public enum PluginCrashed: APIEvent {
    public typealias Data = PluginEventRecord
    public static let topic = "plugin.crashed"
    public static let summary = "A plugin exited, hung or broke the protocol; it is restarted after a backoff."
}
