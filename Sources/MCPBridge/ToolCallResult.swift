import JSONRPC
import MCP

/// A core's answer as a tool's result: structured content with its JSON text beside it, or a tool error that
/// carries the core's message, code and `data`.
enum ToolCallResult {
    /// The result of a successful call.
    static func success(_ raw: RawJSON, of tool: BridgedTool) throws -> CallTool.Result {
        let value = try raw.decode(JSONValue.self)
        let structured = ToolSchema.structuredContent(value, wrapped: tool.wrapsResult)
        return result([.text(text: raw.text, annotations: nil, _meta: nil)], MCP.Value(structured), isError: false)
    }

    /// The tool error of an error the core answered: its message for the model, and `{"error": {code, message,
    /// data}}` as structured content for a program.
    static func failure(_ error: RPCError) -> CallTool.Result {
        var members: [(String, JSONValue)] = [("code", .int(error.code.rawValue)), ("message", .string(error.message))]
        var text = "\(error.message) (error \(error.code.rawValue))"
        if let data = error.data, let value = try? data.decode(JSONValue.self) {
            members.append(("data", value))
            text += "\ndata: \(data.text)"
        }
        return result(
            [.text(text: text, annotations: nil, _meta: nil)], MCP.Value(.object([("error", .object(members))])),
            isError: true)
    }

    /// A tool error of the bridge's own (a refusal, a core that does not answer).
    static func failure(_ message: String) -> CallTool.Result {
        result(
            [.text(text: message, annotations: nil, _meta: nil)],
            MCP.Value(.object([("error", .object([("message", .string(message))]))])), isError: true)
    }

    /// The SDK's result (its initializer taking a `Value?`, not the generic one that encodes any `Codable`).
    private static func result(_ content: [Tool.Content], _ structured: MCP.Value?, isError: Bool) -> CallTool.Result {
        CallTool.Result(content: content, structuredContent: structured, isError: isError)
    }
}
