/// `plugin.started`: A plugin finished its handshake and serves its methods.
public enum PluginStarted: APIEvent {
    /// The plugin's name.
    public typealias Data = PluginEventRecord
    public static let topic = "plugin.started"
    public static let summary = "A plugin finished its handshake and serves its methods."
}
