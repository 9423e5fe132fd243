/// One plugin as `plugins.list` shows it.
public struct PluginStatus: Sendable, Hashable {
    public var name: String
    public var version: String?
    public var path: String
    public var state: PluginLifecycle.State
    public var reason: String?
    public var pid: Int32?
    public var methods: [String]
    public var hooks: [String]
    public var subscriptions: [String]
    public var calls: Int
    public var errors: Int
    public var p50Milliseconds: Double?
    public var restarts: Int
    public var residentBytes: Int?
    public var important: Bool
    /// Its last lines on stderr, oldest first.
    public var standardError: [String]
}
