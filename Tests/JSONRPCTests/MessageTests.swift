import Foundation
import NIOCore
import Testing

@testable import JSONRPC

struct MessageTests {
    /// Parses one message and writes it back.
    private func roundTrip(_ text: String) throws -> String {
        guard case .single(.success(let message)) = RPCMessage.parse(ByteBuffer(string: text)) else {
            Issue.record("\(text) did not parse as a valid message")
            return ""
        }
        var buffer = ByteBuffer()
        message.write(into: &buffer)
        return String(buffer: buffer)
    }

    @Test(arguments: [
        #"{"jsonrpc":"2.0","method":"subtract","params":[42,23],"id":1}"#,
        #"{"jsonrpc":"2.0","method":"subtract","params":{"subtrahend":23,"minuend":42},"id":3}"#,
        #"{"jsonrpc":"2.0","method":"update","params":[1,2,3,4,5]}"#,
        #"{"jsonrpc":"2.0","method":"foobar"}"#,
        #"{"jsonrpc":"2.0","method":"x","id":"abc"}"#,
        #"{"jsonrpc":"2.0","method":"a\"b\\c\n","id":2}"#,
        #"{"jsonrpc":"2.0","method":"x","id":null}"#,
        #"{"jsonrpc":"2.0","method":"x","id":1.0}"#,
        #"{"jsonrpc":"2.0","method":"x","id":-5e3}"#,
        #"{"jsonrpc":"2.0","method":"x","id":123456789012345678901234567890}"#,
        #"{"jsonrpc":"2.0","method":"산책","params":{"t":"공원 🐶"},"id":"\u00e9"}"#,
        #"{"jsonrpc":"2.0","result":19,"id":1}"#,
        #"{"jsonrpc":"2.0","result":{"a":[1,{"b":null}]},"id":"x"}"#,
        #"{"jsonrpc":"2.0","error":{"code":-32601,"message":"Method not found"},"id":"1"}"#,
        #"{"jsonrpc":"2.0","error":{"code":-32602,"message":"bad","data":{"field":"title","limit":15}},"id":2}"#,
    ])
    func goldenRoundTrip(_ text: String) throws {
        #expect(try roundTrip(text) == text)
    }

    @Test func memberOrderAndWhitespaceDoNotMatter() throws {
        let text = "{ \"id\" : 7 , \"params\" : { \"a\" : 1 } , \"method\" : \"m\" , \"jsonrpc\" : \"2.0\" }"
        #expect(try roundTrip(text) == #"{"jsonrpc":"2.0","method":"m","params":{ "a" : 1 },"id":7}"#)
    }

    @Test func escapedMethodNameIsDecoded() throws {
        guard
            case .single(.success(.request(let request))) = RPCMessage.parse(
                ByteBuffer(string: #"{"jsonrpc":"2.0","method":"system\u002eping","id":1}"#))
        else {
            Issue.record("not a request")
            return
        }
        #expect(request.method == "system.ping")
    }

    struct InvalidCase: Sendable, CustomTestStringConvertible {
        var text: String
        var id: String
        var reason: String
        var testDescription: String { text }
    }

    @Test(arguments: [
        InvalidCase(text: #"{"jsonrpc":"2.0","method":1,"params":"bar"}"#, id: "null", reason: "method"),
        InvalidCase(text: #"{"jsonrpc":"1.0","method":"x","id":4}"#, id: "4", reason: "jsonrpc"),
        InvalidCase(text: #"{"method":"x","id":"a"}"#, id: "\"a\"", reason: "jsonrpc"),
        InvalidCase(text: #"{"jsonrpc":"2.0","method":"x","id":{"a":1}}"#, id: "null", reason: "id"),
        InvalidCase(text: #"{"jsonrpc":"2.0","method":"x","id":true}"#, id: "null", reason: "id"),
        InvalidCase(text: #"{"jsonrpc":"2.0","method":"x","params":"p","id":9}"#, id: "9", reason: "params"),
        InvalidCase(text: #"{"jsonrpc":"2.0","id":9}"#, id: "9", reason: "method"),
        InvalidCase(text: "1", id: "null", reason: "object"),
        InvalidCase(text: "\"text\"", id: "null", reason: "object"),
    ])
    func invalidRequests(_ testCase: InvalidCase) {
        guard case .single(.failure(let invalid)) = RPCMessage.parse(ByteBuffer(string: testCase.text)) else {
            Issue.record("\(testCase.text) was accepted")
            return
        }
        #expect(invalid.id.rawJSON == testCase.id)
        #expect(invalid.error.code == .invalidRequest)
        #expect(invalid.error.message.contains(testCase.reason))
    }

    @Test func batchesAndEmptyBatch() {
        #expect(RPCMessage.parse(ByteBuffer(string: "[]")) == .emptyBatch)
        guard case .batch(let members) = RPCMessage.parse(ByteBuffer(string: #"[1,{"jsonrpc":"2.0","method":"m"}]"#))
        else {
            Issue.record("not a batch")
            return
        }
        #expect(members.count == 2)
        #expect(
            members[0]
                == .failure(RPCMessage.Invalid(id: .null, error: .invalidRequest("a message must be a JSON object"))))
        #expect(members[1] == .success(.request(RPCRequest(method: "m", id: nil))))
    }

    /// A request's line as the peer reads it, written in one copy when the method needs no escaping and piece by
    /// piece when it does; with and without params, id and newline.
    @Test(arguments: [
        (
            RPCRequest(method: "bench.echo", id: .number(7), params: RawJSON(["n": 1])), true,
            #"{"jsonrpc":"2.0","method":"bench.echo","params":{"n":1},"id":7}"# + "\n"
        ),
        (
            RPCRequest(method: "event", id: nil, params: RawJSON(["seq": 2])), false,
            #"{"jsonrpc":"2.0","method":"event","params":{"seq":2}}"#
        ),
        (
            RPCRequest(method: "system.ping", id: .string("a\"b")), true,
            #"{"jsonrpc":"2.0","method":"system.ping","id":"a\"b"}"# + "\n"
        ),
        (RPCRequest(method: "m", id: nil), false, #"{"jsonrpc":"2.0","method":"m"}"#),
        (
            RPCRequest(method: "say \"hi\"\n", id: .number(1), params: RawJSON([1])), true,
            #"{"jsonrpc":"2.0","method":"say \"hi\"\n","params":[1],"id":1}"# + "\n"
        ),
        (RPCRequest(method: "ö.é", id: .null), false, #"{"jsonrpc":"2.0","method":"ö.é","id":null}"#),
    ])
    func requestsAreWrittenAsOneLine(request: RPCRequest, newline: Bool, expected: String) throws {
        var buffer = ByteBuffer(string: "before|")
        request.write(into: &buffer, newline: newline)
        #expect(String(buffer: buffer) == "before|" + expected)
        let parsed = try JSONSerialization.jsonObject(with: Data(expected.utf8)) as? [String: Any]
        #expect(parsed?["method"] as? String == request.method)
    }

    @Test func errorResponseWritesDataOnlyWhenPresent() {
        var buffer = ByteBuffer()
        RPCResponse(id: .string("q\"x"), error: RPCError(code: .notFound, message: "No pet \"Bo\"")).write(
            into: &buffer)
        #expect(
            String(buffer: buffer)
                == #"{"jsonrpc":"2.0","error":{"code":-32001,"message":"No pet \"Bo\""},"id":"q\"x"}"#)
    }

    @Test func jsonValueTextEscapes() {
        let value: JSONValue = ["s": "a\"b\\c\n\u{01}", "n": 1, "x": 1.5, "z": nil, "l": [true, false]]
        #expect(value.text == #"{"s":"a\"b\\c\n\u0001","n":1,"x":1.5,"z":null,"l":[true,false]}"#)
    }

    /// Escaping is checked against Foundation's encoder (without its slash escaping) and by decoding it
    /// back: every control character, quotes and backslashes at either end and between runs, and text in
    /// other scripts. Foundation writes U+0008 and U+000C as `\b` and `\f`, this writer as `\u0008` and
    /// `\u000c`, equally valid; the two are compared with those spelled alike.
    @Test(arguments: [
        "", "plain", "\"", "\\", "a\"b\\c", "\"lead", "trail\\", "공원에서 산책했다 #산책", "🐕‍🦺 walk \u{7F}",
        String((0..<0x20).map { Character(Unicode.Scalar(UInt8($0))) }), "line\nbreak\ttab\r",
    ])
    func quotedStringsMatchFoundation(_ text: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        let expected = String(decoding: try encoder.encode(text), as: UTF8.self)
            .replacingOccurrences(of: #"\b"#, with: #"\u0008"#).replacingOccurrences(of: #"\f"#, with: #"\u000c"#)
        #expect(JSONText.quoted(text) == expected)
        let parsed = try JSONDecoder().decode(String.self, from: Data(JSONText.quoted(text).utf8))
        #expect(parsed == text)
    }
}
