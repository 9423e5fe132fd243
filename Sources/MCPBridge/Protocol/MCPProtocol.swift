import JSONRPC

/// The Model Context Protocol as far as the bridge speaks it: JSON-RPC 2.0, one message a line on stdin and
/// stdout, spoken by ``JSONRPC``'s own connection (the one a plugin's pipes use), so a tool call costs one
/// decode of its params and none of the core's answer.
public enum MCPProtocol {
    /// The revisions the bridge speaks, newest first. A client that asks for another gets the newest, and may
    /// then go on or hang up, as the specification says.
    public static let versions = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"]

    /// The revision answered to a client that asks for `requested`.
    public static func version(answering requested: String?) -> String {
        requested.flatMap { versions.contains($0) ? $0 : nil } ?? versions[0]
    }

    /// The methods a client calls.
    enum Method {
        static let initialize = "initialize"
        static let ping = "ping"
        static let listTools = "tools/list"
        static let callTool = "tools/call"
        static let listResources = "resources/list"
        static let listResourceTemplates = "resources/templates/list"
        static let readResource = "resources/read"
    }

    /// The notifications a client sends.
    enum ClientNotification {
        static let initialized = "notifications/initialized"
        static let cancelled = "notifications/cancelled"
        static let rootsChanged = "notifications/roots/list_changed"
    }

    /// What the bridge sends the client: two notifications and two requests.
    enum ServerMessage {
        static let progress = "notifications/progress"
        static let toolsChanged = "notifications/tools/list_changed"
        static let listRoots = "roots/list"
        static let elicit = "elicitation/create"
    }
}

extension MethodRegistry {
    /// Serves MCP's method or notification `name` with `body`. Nothing discovers this registry, so the name
    /// stands for the summary and the effect is left as it comes.
    func register(mcp name: String, _ body: RegisteredMethod.Body) throws {
        try register(RegisteredMethod(name: name, summary: name, body: body))
    }
}

/// MCP's errors as the connection answers them.
enum MCPError {
    /// A request whose params are wrong, and a resource that is not there (MCP asks invalid params of both).
    static func invalidParams(_ message: String) -> RPCError { RPCError(code: .invalidParams, message: message) }

    /// The bridge could not do what was asked (the core did not answer, say).
    static func internalError(_ message: String) -> RPCError { RPCError(code: .internalError, message: message) }

    /// What a tool error or a resource error says when the core did not answer `method`.
    static func coreDidNotAnswer(_ method: String, _ error: RPCClientError) -> String {
        "The toolkit core did not answer \(method): \(error.message) Is it running (toolkit serve)?"
    }
}
