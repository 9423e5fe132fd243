public import JSONRPC

/// What a plugin answers to `getmanifest` (protocol 1, docs/plugins.md): its name and version, the
/// methods it adds, the topics it subscribes to, the hooks it answers and the options it takes.
///
/// The plugin SDK writes it from what a plugin registered; the plugin host reads it with every check
/// protocol 1 makes (``init(json:)``), so a manifest either side accepts is one the other accepts too.
public struct PluginManifestRecord: Codable, Sendable, Hashable {
    /// `[a-z0-9][a-z0-9._-]*`, 1 to 64 bytes; unique among the loaded plugins.
    public var name: String
    /// Any string; shown by `plugins.list`.
    public var version: String
    /// The protocol version the plugin speaks (only 1 is known); nil when the manifest does not say.
    public var `protocol`: Int?
    /// The methods the plugin answers, in the order it lists them.
    public var methods: [PluginMethodRecord]
    /// Event topics: exact names, `noun.*` or `*`.
    public var subscriptions: [String]
    /// The hooks the plugin answers, and how the chain treats each.
    public var hooks: [PluginHookRecord]
    /// The options it takes (the manifest's `options` object); read in name order.
    public var options: [PluginOptionRecord]
    /// When true, the core refuses to run without this plugin.
    public var important: Bool

    /// Makes a manifest.
    public init(
        name: String, version: String, protocol: Int? = PluginProtocol.version, methods: [PluginMethodRecord] = [],
        subscriptions: [String] = [], hooks: [PluginHookRecord] = [], options: [PluginOptionRecord] = [],
        important: Bool = false
    ) {
        self.name = name
        self.version = version
        self.protocol = `protocol`
        self.methods = methods
        self.subscriptions = subscriptions
        self.hooks = hooks
        self.options = options
        self.important = important
    }

    /// The manifest as JSON, members in the order docs/plugins.md shows them.
    public var json: JSONValue {
        var members: [(String, JSONValue)] = [("name", .string(name)), ("version", .string(version))]
        if let version = self.protocol { members.append(("protocol", .int(version))) }
        members += [
            ("methods", .array(methods.map(\.json))), ("subscriptions", .array(subscriptions.map { .string($0) })),
            ("hooks", .array(hooks.map(\.json))), ("options", .object(options.map { ($0.name, $0.json) })),
            ("important", .bool(important)),
        ]
        return .object(members)
    }

    /// Writes ``json``.
    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }

    /// Reads a manifest with ``init(json:)``.
    /// - Throws: ``PluginManifestError`` for a manifest protocol 1 does not allow.
    public init(from decoder: any Decoder) throws {
        try self.init(json: JSONValue(from: decoder))
    }
}
