public import JSONRPC

/// `plugins.stop {name}` → the plugin afterwards.
public enum PluginsStop: APIMethod {
    public static let name = "plugins.stop"
    public static let summary =
        "Stops a plugin: shutdown, stdin closed, then SIGTERM and SIGKILL if it lingers; its methods go away."
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
