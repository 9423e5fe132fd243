import JSONRPC
import NIOCore
import ToolkitAPI

/// A tool's answer to `tools/call`: structured content with its JSON text beside it, or a tool error that
/// carries the core's message, code and `data`.
struct ToolCallResult {
    /// The `tools/call` result.
    var json: RawJSON
    /// What the call log says of it: `ok`, or `error: ` and the first line of the message.
    var outcome: String

    /// The result of a call the core answered with `raw`. Its bytes are copied into the answer as they came
    /// (no decoding), unless they hold a line break: MCP's messages are one line each, so those are written again.
    /// - Throws: `DecodingError` for a result with a line break that is not JSON.
    static func success(_ raw: RawJSON, of tool: BridgedTool) throws -> ToolCallResult {
        var result = raw
        if raw.buffer.readableBytesView.contains(where: { $0 == 0x0A || $0 == 0x0D }) {
            result = RawJSON(try raw.decode(JSONValue.self))
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(2 * result.buffer.readableBytes + 96)
        bytes += #"{"content":[{"type":"text","text":"#.utf8
        JSONValue.string(result.text).append(to: &bytes)
        bytes += #"}],"structuredContent":"#.utf8
        if !tool.wrapsResult && result.isObject {
            bytes += result.buffer.readableBytesView
        } else {
            bytes += #"{""#.utf8
            bytes += ToolSchema.wrappedResultMember.utf8
            bytes += #"":"#.utf8
            bytes += result.buffer.readableBytesView
            bytes.append(UInt8(ascii: "}"))
        }
        bytes += #","isError":false}"#.utf8
        return ToolCallResult(json: RawJSON(buffer: .init(bytes: bytes)), outcome: "ok")
    }

    /// The tool error of an error the core answered: its message for the model, and `{"error": {code, message,
    /// data}}` as structured content for a program.
    static func failure(_ error: RPCError) -> ToolCallResult {
        var members: [(String, JSONValue)] = [("code", .int(error.code.rawValue)), ("message", .string(error.message))]
        var text = "\(error.message) (error \(error.code.rawValue))"
        if let data = error.data, let value = try? data.decode(JSONValue.self) {
            members.append(("data", value))
            text += "\ndata: \(value.text)"
        }
        return failure(text: text, structured: .object(members))
    }

    /// A tool error of the bridge's own (a refusal, a core that does not answer).
    static func failure(_ message: String) -> ToolCallResult {
        failure(text: message, structured: .object([("message", .string(message))]))
    }

    private static func failure(text: String, structured error: JSONValue) -> ToolCallResult {
        let json = JSONValue.object([
            ("content", [.object([("type", "text"), ("text", .string(text))])]),
            ("structuredContent", .object([("error", error)])), ("isError", true),
        ])
        return ToolCallResult(
            json: RawJSON(json), outcome: "error: " + String(text.prefix { $0 != "\n" }.prefix(200)))
    }
}

extension ToolCallResult {
    /// The result of calling `tool`'s method: the core's answer, its error, or why it did not answer.
    init(_ outcome: Result<RawJSON, any Error>, of tool: BridgedTool) {
        switch outcome {
        case .success(let raw):
            do {
                self = tool.method == PhotosThumbnail.name ? try .image(raw) : try .success(raw, of: tool)
            } catch {
                self = .failure("The core's answer to \(tool.method) is not JSON: \(error)")
            }
        case .failure(let error as RPCError):
            self = .failure(error)
        case .failure(let error as RPCClientError):
            self = .failure(MCPError.coreDidNotAnswer(tool.method, error))
        case .failure(let error):
            self = .failure("\(tool.method) failed: \(error)")
        }
    }
}
