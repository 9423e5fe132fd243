public import JSONRPC

/// A method that acts on one loaded plugin named by `name` and answers with its record afterwards
/// (`plugins.stop`, `plugins.restart`).
public protocol PluginControl: APIMethod where Params == PluginName, Result == PluginRecord {}

extension PluginControl {
    public static var paramsSchema: JSONSchema { PluginName.schema }
    public static var resultSchema: JSONSchema { PluginRecord.schema }
    public static var positionalParameters: [String]? { ["name"] }
}

/// `{name}`: the plugin a ``PluginControl`` method acts on.
public struct PluginName: Codable, Sendable, Hashable {
    /// The plugin's name.
    public var name: String

    public init(name: String) { self.name = name }

    /// The params' schema in `rpc.discover`.
    public static let schema: JSONSchema = .object(
        ["name": .string(description: "the plugin's name")], required: ["name"])
}
