public import JSONRPC

/// `plugins.list` → every plugin the core knows, in load order.
public enum PluginsList: APIMethod {
    public static let name = "plugins.list"
    public static let effect: RPCMethodEffect = .read
    public static let summary = """
        Lists the handler plugins in load order: state, pid, methods, hooks, calls, errors, median call time, \
        restarts, resident memory, and the last lines each wrote on stderr.
        """
    public static let paramsSchema: JSONSchema = .object([:])
    public static let resultSchema: JSONSchema = .object(["items": .array(of: PluginRecord.schema)])

    /// None.
    public typealias Params = NoParams

    /// What `plugins.list` answers.
    public struct Result: Codable, Sendable, Hashable {
        /// Every plugin the core knows, in load order, whatever its state.
        public var items: [PluginRecord]

        /// Makes the answer.
        public init(items: [PluginRecord]) { self.items = items }
    }
}
