public import JSONRPC

/// `plugins.start {path}` → the plugin afterwards.
public enum PluginsStart: APIMethod {
    public static let name = "plugins.start"
    public static let effect: RPCMethodEffect = .write
    public static let summary = """
        Loads the plugin at `path` (a file, or a folder NAME/ holding NAME), or starts a stopped or failed plugin \
        by name.
        """
    public static let paramsSchema: JSONSchema = .object(
        ["path": APISchema.pathOrName(description: "a path, or the name of a plugin already known")],
        required: ["path"])
    public static let resultSchema: JSONSchema = PluginRecord.schema
    /// Params may also be given by position: `[path]`.
    public static let positionalParameters: [String]? = ["path"]

    /// The params of `plugins.start`: `{path}`.
    public struct Params: Codable, Sendable, Hashable {
        /// A path, or the name of a plugin already known.
        public var path: String

        /// Makes the params.
        public init(path: String) { self.path = path }
    }

    /// The plugin as it is after its start.
    public typealias Result = PluginRecord
}
