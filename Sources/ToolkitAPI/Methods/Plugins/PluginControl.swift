public import JSONRPC

/// A method that acts on one loaded plugin named by `name` and answers with its record afterwards
/// (`plugins.stop`, `plugins.restart`).
public protocol PluginControl: APIMethod where Params == PluginName, Result == PluginRecord {}

extension PluginControl {
    /// `{name}`, as ``PluginName/schema`` says.
    public static var paramsSchema: JSONSchema { PluginName.schema }
    /// The plugin's record, as ``PluginRecord/schema`` says.
    public static var resultSchema: JSONSchema { PluginRecord.schema }
    /// Params may also be given by position: `[name]`.
    public static var positionalParameters: [String]? { ["name"] }
}

/// `{name}`: the plugin a ``PluginControl`` method acts on.
public struct PluginName: Codable, Sendable, Hashable {
    /// The plugin's name.
    public var name: String

    /// Names the plugin.
    public init(name: String) { self.name = name }

    /// The params' schema in `rpc.discover`.
    public static let schema: JSONSchema = .object(
        ["name": .string(description: "the plugin's name")], required: ["name"])
}
