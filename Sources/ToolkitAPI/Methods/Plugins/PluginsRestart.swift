public import JSONRPC

/// `plugins.restart {name}` → the plugin afterwards.
public enum PluginsRestart: APIMethod {
    public static let name = "plugins.restart"
    public static let summary =
        "Stops a plugin and starts it again, a failed one too, its recent crashes forgotten (its calls, errors and "
        + "restarts add up)."
    public static let paramsSchema: JSONSchema = .object(
        ["name": .string(description: "the plugin's name")], required: ["name"])
    public static let resultSchema: JSONSchema = PluginRecord.schema
    public static let positionalParameters: [String]? = ["name"]

    public struct Params: Codable, Sendable, Hashable {
        public var name: String

        public init(name: String) { self.name = name }
    }

    public typealias Result = PluginRecord
}
