import Foundation
import JSONRPC
import Testing
import ToolkitCoreTesting

/// The examples of the JSON-RPC 2.0 specification (section 7), over a real Unix socket (and ids in every mode).
struct SpecExamplesTests {
    struct Example: Sendable, CustomTestStringConvertible {
        var name: String
        var send: String
        /// Expected response lines; nil when no response may come.
        var expect: String?
        var testDescription: String { name }
    }

    static let examples: [Example] = [
        .init(
            name: "positional params", send: #"{"jsonrpc": "2.0", "method": "subtract", "params": [42, 23], "id": 1}"#,
            expect: #"{"jsonrpc":"2.0","result":19,"id":1}"#),
        .init(
            name: "positional params, reversed",
            send: #"{"jsonrpc": "2.0", "method": "subtract", "params": [23, 42], "id": 2}"#,
            expect: #"{"jsonrpc":"2.0","result":-19,"id":2}"#),
        .init(
            name: "named params",
            send: #"{"jsonrpc": "2.0", "method": "subtract", "params": {"subtrahend": 23, "minuend": 42}, "id": 3}"#,
            expect: #"{"jsonrpc":"2.0","result":19,"id":3}"#),
        .init(
            name: "named params, reordered",
            send: #"{"jsonrpc": "2.0", "method": "subtract", "params": {"minuend": 42, "subtrahend": 23}, "id": 4}"#,
            expect: #"{"jsonrpc":"2.0","result":19,"id":4}"#),
        .init(
            name: "notification", send: #"{"jsonrpc": "2.0", "method": "update", "params": [1,2,3,4,5]}"#, expect: nil),
        .init(name: "notification of a missing method", send: #"{"jsonrpc": "2.0", "method": "foobar"}"#, expect: nil),
        .init(
            name: "method not found", send: #"{"jsonrpc": "2.0", "method": "foobar", "id": "1"}"#,
            expect:
                #"{"jsonrpc":"2.0","error":{"code":-32601,"message":"No method named 'foobar'; rpc.discover lists the "#
                + #"methods there are.","data":{"method":"foobar"}},"id":"1"}"#
        ),
        .init(
            name: "invalid JSON", send: #"{"jsonrpc": "2.0", "method": "foobar, "params": "bar", "baz]"#,
            expect:
                #"{"jsonrpc":"2.0","error":{"code":-32700,"message":"Invalid JSON: expected ',' or '}' after a "#
                + #"value."},"id":null}"#
        ),
        .init(
            name: "invalid request object", send: #"{"jsonrpc": "2.0", "method": 1, "params": "bar"}"#,
            expect:
                #"{"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid request: \"method\" must be a string."},"#
                + #""id":null}"#
        ),
        .init(
            name: "batch with invalid JSON",
            send:
                #"[ {"jsonrpc": "2.0", "method": "sum", "params": [1,2,4], "id": "1"}, {"jsonrpc": "2.0", "method" ]"#,
            expect:
                #"{"jsonrpc":"2.0","error":{"code":-32700,"message":"Invalid JSON: a ':' must follow an object key."},"#
                + #""id":null}"#
        ),
        .init(
            name: "empty batch", send: "[]",
            expect:
                #"{"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid request: a batch must not be empty."},"#
                + #""id":null}"#
        ),
        .init(
            name: "invalid batch of one", send: "[1]",
            expect:
                #"[{"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid request: a message must be a JSON "#
                + #"object."},"id":null}]"#
        ),
        .init(
            name: "invalid batch of three", send: "[1,2,3]",
            expect: "["
                + Array(
                    repeating:
                        #"{"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid request: a message must be a "#
                        + #"JSON object."},"id":null}"#,
                    count: 3
                ).joined(separator: ",") + "]"),
        .init(
            name: "all-notification batch",
            send:
                #"[{"jsonrpc": "2.0", "method": "notify_sum", "params": [1,2,4]}, {"jsonrpc": "2.0", "method": "#
                + #""notify_hello", "params": [7]}]"#,
            expect: nil),
    ]

    @Test(arguments: examples)
    func example(_ example: Example) async throws {
        let server = try await Self.server()
        let client = try server.lineClient()
        try client.send(example.send + "\n")
        if let expected = example.expect {
            #expect(await client.readLine() == expected)
        }
        // Whatever was (or was not) answered, nothing more comes: a ping is the very next line.
        try client.send(#"{"jsonrpc":"2.0","method":"system.ping","id":"after"}"# + "\n")
        #expect(await client.readLine() == #"{"jsonrpc":"2.0","result":"pong","id":"after"}"#)
        await server.stop()
    }

    /// The spec's mixed batch: responses may come in any order, so compare them by id.
    @Test func mixedBatch() async throws {
        let server = try await Self.server()
        let client = try server.lineClient()
        try client.send(
            """
            [
                {"jsonrpc": "2.0", "method": "sum", "params": [1,2,4], "id": "1"},
                {"jsonrpc": "2.0", "method": "notify_hello", "params": [7]},
                {"jsonrpc": "2.0", "method": "subtract", "params": [42,23], "id": "2"},
                {"foo": "boo"},
                {"jsonrpc": "2.0", "method": "foo.get", "params": {"name": "myself"}, "id": "5"},
                {"jsonrpc": "2.0", "method": "get_data", "id": "9"}
            ]

            """)
        let line = try #require(await client.readLine())
        let responses = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [[String: Any]])
        #expect(responses.count == 5)
        var byID: [String: [String: Any]] = [:]
        for response in responses { byID[(response["id"] as? String) ?? "null"] = response }
        #expect(byID["1"]?["result"] as? Int == 7)
        #expect(byID["2"]?["result"] as? Int == 19)
        #expect((byID["null"]?["error"] as? [String: Any])?["code"] as? Int == -32600)
        #expect((byID["5"]?["error"] as? [String: Any])?["code"] as? Int == -32601)
        #expect(byID["9"]?["result"] as? [AnyHashable] == ["hello", 5])
        await server.stop()
    }

    @Test(arguments: CoreTestMode.allCases)
    func idsAreEchoedExactly(_ mode: CoreTestMode) async throws {
        try await withCore(mode) { core in
            let client = try await core.lineClient()
            for id in ["1.0", "-5e3", "123456789012345678901234567890", "null", #""\u00e9x""#, #""산책""#] {
                try client.send(#"{"jsonrpc":"2.0","method":"system.ping","id":"# + id + "}\n")
                #expect(await client.readLine() == #"{"jsonrpc":"2.0","result":"pong","id":"# + id + "}")
            }
        }
    }

    static func server() async throws -> InProcessServer {
        let server = try await InProcessServer()
        try server.registry.register(TestMethods.Subtract())
        try server.registry.register(TestMethods.Sum())
        try server.registry.register(TestMethods.Update())
        try server.registry.register(TestMethods.NotifyHello())
        try server.registry.register(TestMethods.GetData())
        return server
    }
}
