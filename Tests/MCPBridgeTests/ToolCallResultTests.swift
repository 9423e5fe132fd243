import JSONRPC
import Testing

@testable import MCPBridge
@testable import ToolkitAPI  // inKeyOrder: decoding does not keep the order of members

@Suite struct ToolCallResultTests {
    static func tool(wrapsResult: Bool) -> BridgedTool {
        BridgedTool(
            tool: MCPTool(
                name: "pets_get", title: "pets.get", description: "", inputSchema: ["type": "object"],
                outputSchema: ["type": "object"], annotations: .init(readOnlyHint: true)),
            method: "pets.get", effect: .read, provider: "builtin", takesProgress: false, wrapsResult: wrapsResult)
    }

    @Test func anObjectResultIsTheStructuredContentAndItsTextAsTheCoreSentIt() throws {
        let raw = RawJSON(unchecked: #"{"id":"p1","name":"보리 \"Bori\"","tags":["a/b"]}"#)
        let answer = try ToolCallResult.success(raw, of: Self.tool(wrapsResult: false))
        #expect(answer.outcome == "ok")
        let text = #"{\"id\":\"p1\",\"name\":\"보리 \\\"Bori\\\"\",\"tags\":[\"a/b\"]}"#
        #expect(
            answer.json.text
                == #"{"content":[{"type":"text","text":""# + text + #""}],"#
                + #""structuredContent":{"id":"p1","name":"보리 \"Bori\"","tags":["a/b"]},"isError":false}"#)
    }

    @Test func aResultThatIsNoObjectIsWrapped() throws {
        for wraps in [true, false] {
            let answer = try ToolCallResult.success(RawJSON(unchecked: "[1,2]"), of: Self.tool(wrapsResult: wraps))
            let parsed = try answer.json.decode(JSONValue.self)
            #expect(parsed["structuredContent"] == ["result": [1, 2]])
        }
    }

    /// MCP's stdio framing is one message a line: a result a plugin wrote over several lines is written again.
    @Test func aResultWithLineBreaksIsWrittenOnOneLine() throws {
        let raw = RawJSON(unchecked: "{\n  \"text\": \"two\\nlines\",\r\n  \"n\": 1\n}")
        let answer = try ToolCallResult.success(raw, of: Self.tool(wrapsResult: false))
        #expect(!answer.json.text.contains("\n") && !answer.json.text.contains("\r"))
        let parsed = try answer.json.decode(JSONValue.self)
        #expect(parsed["structuredContent"]?["text"] == "two\nlines")
        let text = try #require(Self.text(of: parsed))
        #expect(!text.contains("\n"))
        #expect(try RawJSON(unchecked: text).decode(JSONValue.self).inKeyOrder == ["n": 1, "text": "two\nlines"])
    }

    @Test func aCoreErrorIsAToolErrorWithItsCodeMessageAndData() throws {
        let error = RPCError(code: .notFound, message: "No pet p9.", data: ["id": "p9"])
        let answer = ToolCallResult.failure(error)
        #expect(answer.outcome == "error: No pet p9. (error -32001)")
        let parsed = try answer.json.decode(JSONValue.self)
        #expect(parsed["isError"] == true)
        #expect(
            parsed["structuredContent"]?.inKeyOrder
                == ["error": ["code": -32001, "data": ["id": "p9"], "message": "No pet p9."]])
        #expect(Self.text(of: parsed) == "No pet p9. (error -32001)\ndata: {\"id\":\"p9\"}")
    }

    /// The text of a result's first content block.
    static func text(of result: JSONValue) -> String? {
        guard case .array(let blocks)? = result["content"], case .string(let text)? = blocks.first?["text"] else {
            return nil
        }
        return text
    }
}
