/// The `data` of `plugin.started`, `plugin.crashed`, `plugin.stopped` and `plugin.failed`: `{name, reason?}`.
public struct PluginEventRecord: Codable, Sendable, Hashable {
    /// The plugin's name (its manifest's, else its file's).
    public var name: String
    /// Why it crashed, stopped or failed, as `plugins.list` shows it; absent when there is nothing to say.
    public var reason: String?

    /// Makes the event's data.
    public init(name: String, reason: String? = nil) {
        self.name = name
        self.reason = reason
    }
}
