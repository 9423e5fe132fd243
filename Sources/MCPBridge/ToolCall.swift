import JSONRPC

/// A `tools/call` request's params: the tool's name, its arguments, and the client's progress token.
///
/// Read at the top level only (the connection has checked that the message is JSON): the arguments stay the
/// bytes the client sent, which go to the core as they are unless the bridge must look into them or add to
/// them (``members()``).
struct ToolCall {
    var name: String
    /// The arguments, a JSON object (`{}` when the client sent none).
    var arguments: RawJSON
    /// The token the client wants progress notifications under (`_meta.progressToken`), a string or a number.
    var progressToken: JSONValue?

    /// - Throws: ``JSONRPC/RPCError`` invalid params when there is no tool name or the arguments are not an
    ///   object.
    init(_ params: RawJSON?) throws {
        guard let params, let members = JSONStructure.members(of: params.buffer) else {
            throw MCPError.invalidParams("tools/call takes an object: {\"name\": TOOL, \"arguments\": {…}}.")
        }
        var name: String?
        var arguments = RawJSON(unchecked: "{}")
        var progressToken: JSONValue?
        for (key, value) in members {
            switch key {
            case "name":
                name = JSONStructure.string(in: value)
            case "arguments":
                switch JSONStructure.kind(of: value) {
                case .object: arguments = RawJSON(buffer: value)
                case .null: break
                default: throw MCPError.invalidParams("The arguments of a tool call must be an object.")
                }
            case "_meta":
                let token = (try? RawJSON(buffer: value).decode(JSONValue.self))?["progressToken"]
                if let token, token.isProgressToken { progressToken = token }
            default:
                break
            }
        }
        guard let name else {
            throw MCPError.invalidParams("tools/call needs the tool's name (a string); tools/list names them.")
        }
        self.name = name
        self.arguments = arguments
        self.progressToken = progressToken
    }

    /// The arguments' members, in the order the client sent them.
    func members() -> [(String, JSONValue)] {
        guard case .object(let members)? = try? arguments.decode(JSONValue.self) else { return [] }
        return members
    }
}

extension JSONValue {
    /// MCP's progress tokens are strings or integers.
    fileprivate var isProgressToken: Bool {
        switch self {
        case .string, .int: true
        default: false
        }
    }
}
