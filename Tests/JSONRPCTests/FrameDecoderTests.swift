import Foundation
import NIOCore
import Testing

@testable import JSONRPC

/// Feeds bytes to an `RPCFrameDecoder` in chunks, the way `ByteToMessageHandler` does, and collects frames.
struct FrameFeeder {
    var decoder: RPCFrameDecoder
    var buffer = ByteBuffer()
    var frames: [String] = []
    /// The most bytes the decoder kept buffered at any point.
    var peakBuffered = 0

    init(limit: Int = RPCFrameDecoder.defaultMaximumFrameLength) {
        decoder = RPCFrameDecoder(maximumFrameLength: limit)
    }

    mutating func feed(_ bytes: some Collection<UInt8>) throws {
        buffer.writeBytes(bytes)
        peakBuffered = max(peakBuffered, buffer.readableBytes)
        while let frame = try decoder.decode(buffer: &buffer) { frames.append(Self.describe(frame)) }
        buffer.discardReadBytes()
        peakBuffered = max(peakBuffered, buffer.readableBytes)
    }

    mutating func finish() throws {
        while let frame = try decoder.decodeLast(buffer: &buffer, seenEOF: true) { frames.append(Self.describe(frame)) }
    }

    static func describe(_ frame: RPCFrame) -> String {
        switch frame {
        case .value(let buffer): "value " + String(buffer: buffer)
        case .invalidJSON: "invalid"
        case .tooLarge(let limit): "tooLarge \(limit)"
        }
    }

    /// Frames from `input` fed in pieces of the given sizes (cycled).
    static func frames(_ input: String, chunks: [Int], limit: Int = RPCFrameDecoder.defaultMaximumFrameLength) throws
        -> [String]
    {
        var feeder = FrameFeeder(limit: limit)
        let bytes = Array(input.utf8)
        var offset = 0
        var chunk = 0
        while offset < bytes.count {
            let size = max(1, chunks[chunk % chunks.count])
            try feeder.feed(bytes[offset..<min(bytes.count, offset + size)])
            offset += size
            chunk += 1
        }
        try feeder.finish()
        return feeder.frames
    }
}

struct FramingCase: Sendable, CustomTestStringConvertible {
    var name: String
    var input: String
    var expected: [String]
    var testDescription: String { name }
}

struct FrameDecoderTests {
    static let cases: [FramingCase] = [
        .init(name: "one per line", input: "{\"a\":1}\n{\"b\":2}\n", expected: ["value {\"a\":1}", "value {\"b\":2}"]),
        .init(
            name: "several on one line", input: "{\"a\":1}{\"b\":2} [3]\n",
            expected: ["value {\"a\":1}", "value {\"b\":2}", "value [3]"]),
        .init(
            name: "pretty-printed over lines", input: "{\n  \"a\": [\n    1,\n    2\n  ]\n}\n",
            expected: ["value {\n  \"a\": [\n    1,\n    2\n  ]\n}"]),
        .init(
            name: "braces and quotes inside strings", input: #"{"a":"}\"{[","b":"\\"}"# + "\n",
            expected: [#"value {"a":"}\"{[","b":"\\"}"#]),
        .init(name: "Korean and emoji", input: "{\"t\":\"산책 🐶\"}\n", expected: ["value {\"t\":\"산책 🐶\"}"]),
        .init(
            name: "unicode escapes", input: #"{"t":"\u00e9\uD83D\uDC36"}"# + "\n",
            expected: [#"value {"t":"\u00e9\uD83D\uDC36"}"#]),
        .init(name: "invalid then resync", input: "{bad\n{\"a\":1}\n", expected: ["invalid", "value {\"a\":1}"]),
        .init(name: "garbage line", input: "hello world\n[1]\n", expected: ["invalid", "value [1]"]),
        .init(
            name: "string cut by newline", input: "{\"a\":\"abc\n{\"b\":1}\n",
            expected: ["invalid", "value {\"b\":1}"]),
        .init(name: "missing colon", input: "{\"a\" 1}\n[]\n", expected: ["invalid", "value []"]),
        .init(name: "trailing comma", input: "[1,]\n{}\n", expected: ["invalid", "value {}"]),
        .init(name: "mismatched bracket", input: "{\"a\":1]\n\"ok\"\n", expected: ["invalid", "value \"ok\""]),
        .init(name: "leading zero", input: "[012]\n[0]\n", expected: ["invalid", "value [0]"]),
        .init(name: "numbers", input: "[-0.5e+10,1E3,0,-1]\n", expected: ["value [-0.5e+10,1E3,0,-1]"]),
        .init(name: "bare number at end of input", input: "42", expected: ["value 42"]),
        .init(name: "bare number then newline", input: "42\n7\n", expected: ["value 42", "value 7"]),
        .init(name: "literals", input: "[true,false,null]\n", expected: ["value [true,false,null]"]),
        .init(name: "bad literal", input: "[nul]\n[1]\n", expected: ["invalid", "value [1]"]),
        .init(name: "raw tab in string", input: "[\"a\tb\"]\n[2]\n", expected: ["invalid", "value [2]"]),
        .init(name: "bad escape", input: #"["\x"]"# + "\n[3]\n", expected: ["invalid", "value [3]"]),
        .init(name: "unfinished at end of input", input: "{\"a\":", expected: ["invalid"]),
        .init(name: "only whitespace", input: " \n\t\r\n", expected: []),
        .init(
            name: "CRLF lines", input: "{\"a\":1}\r\n{\"b\":2}\r\n", expected: ["value {\"a\":1}", "value {\"b\":2}"]),
        .init(
            name: "too deep", input: String(repeating: "[", count: 600) + "\n[4]\n",
            expected: ["invalid", "value [4]"]),
        // A value left open on one line that fails on a later line starting a new message: -32700 for the broken
        // part, and the new message is read from the start of its line.
        .init(
            name: "open request then a new one on the next line",
            input: #"{"jsonrpc":"2.0","id":1,"method":"system.ping""# + "\n" + #"{"jsonrpc":"2.0","id":2,"method":"x"}"#
                + "\n",
            expected: ["invalid", #"value {"jsonrpc":"2.0","id":2,"method":"x"}"#]),
        .init(
            name: "open array then an indented array", input: "[1,2\n \t\r[3]\n",
            expected: ["invalid", "value [3]"]),
        .init(
            name: "open value then a new message, CRLF lines", input: "{\"a\":1\r\n{\"b\":2}\r\n",
            expected: ["invalid", "value {\"b\":2}"]),
        .init(
            name: "open over several lines then a new message", input: "{\n\"a\":1\n{\"id\":3}\n",
            expected: ["invalid", "value {\"id\":3}"]),
        .init(
            name: "new-message line that fails later on that line", input: "[1,\n{\"a\":1} x\n[2]\n",
            expected: ["invalid", "value {\"a\":1}", "invalid", "value [2]"]),
        .init(
            name: "open value failing on a later line that starts otherwise", input: "{\"a\":1\n\"b\":2}\n[5]\n",
            expected: ["invalid", "value [5]"]),
        .init(
            name: "new message on the line where the bad value started", input: "{\"a\" {\"b\":1}\n[6]\n",
            expected: ["invalid", "value [6]"]),
        .init(
            name: "string cut by newline inside an open array", input: "[1,\n{\"x\":\"abc\n[7]\n",
            expected: ["invalid", "value [7]"]),
    ]

    @Test(arguments: cases)
    func wholeInput(_ testCase: FramingCase) throws {
        #expect(try FrameFeeder.frames(testCase.input, chunks: [Int.max]) == testCase.expected)
    }

    @Test(arguments: cases)
    func byteByByte(_ testCase: FramingCase) throws {
        #expect(try FrameFeeder.frames(testCase.input, chunks: [1]) == testCase.expected)
    }

    @Test(arguments: cases)
    func randomChunks(_ testCase: FramingCase) throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20 {
            let chunks = (0..<8).map { _ in Int.random(in: 1...7, using: &generator) }
            #expect(try FrameFeeder.frames(testCase.input, chunks: chunks) == testCase.expected, "chunks \(chunks)")
        }
    }

    static let oracleLines: [String] = [
        "{}", "[]", "{\"a\":1}", "[1,2,3]", "{\"a\":{\"b\":[null,true,false]}}", "\"str\"", "-0", "0.5", "1e5",
        "-1.5E-3", "[\"\\u00e9\"]", "{\"k\":\"\\n\\t\\\"\"}", "[1 , 2]", "{ }",
        "{a:1}", "[1,]", "{\"a\":1,}", "[01]", "[1.]", "[.5]", "[1e]", "[+1]", "[tru]", "[nulls]", "{\"a\"}",
        "{\"a\":}", "[\"\\q\"]", "[\"\\u12\"]", "{\"a\" \"b\"}", "[1 2]", "{,}", "[,1]", "'x'", "[-]",
    ]

    /// Where Foundation is more lenient than RFC 8259, which the decoder follows.
    static let foundationLeniencies: Set<String> = ["[1,]", "{\"a\":1,}"]

    /// Foundation's parser is the independent oracle: a line is one frame exactly when it is valid JSON.
    @Test(arguments: oracleLines)
    func validityAgreesWithFoundation(_ line: String) throws {
        let accepted = (try? JSONSerialization.jsonObject(with: Data(line.utf8), options: [.fragmentsAllowed])) != nil
        let oracle = accepted && !Self.foundationLeniencies.contains(line)
        let frames = try FrameFeeder.frames(line + "\n", chunks: [3])
        #expect((frames == ["value " + line]) == oracle, "\(line): \(frames)")
    }

    @Test func tooLargeValueIsReportedAndSkippedWithoutBeingBuffered() throws {
        let limit = 1024
        let big = "{\"data\":\"" + String(repeating: "x", count: 100_000) + "\"}\n"
        var feeder = FrameFeeder(limit: limit)
        let bytes = Array((big + "{\"after\":true}\n").utf8)
        for start in stride(from: 0, to: bytes.count, by: 512) {
            try feeder.feed(bytes[start..<min(bytes.count, start + 512)])
        }
        try feeder.finish()
        #expect(feeder.frames == ["tooLarge 1024", "value {\"after\":true}"])
        #expect(feeder.peakBuffered <= limit + 512)
    }

    @Test func tooLargeInvalidValueIsReportedOnce() throws {
        let frames = try FrameFeeder.frames(
            "[" + String(repeating: "1,", count: 100) + "x]\n[5]\n", chunks: [16], limit: 64)
        #expect(frames == ["tooLarge 64", "value [5]"])
    }

    @Test func tooLargeValueFailingOnANewMessageLineKeepsSkippingToTheNewline() throws {
        // A value skipped for its size keeps no bytes, so its line starts are gone: today's rule applies.
        let frames = try FrameFeeder.frames(
            "[" + String(repeating: "1,", count: 100) + "1\n{\"lost\":1}\n[5]\n", chunks: [16], limit: 64)
        #expect(frames == ["tooLarge 64", "value [5]"])
    }

    @Test func valueExactlyAtLimitIsAccepted() throws {
        let value = "[" + String(repeating: "1,", count: 30) + "1]"
        #expect(try FrameFeeder.frames(value + "\n", chunks: [5], limit: value.utf8.count) == ["value " + value])
        #expect(
            try FrameFeeder.frames(value + "\n", chunks: [5], limit: value.utf8.count - 1) == [
                "tooLarge \(value.utf8.count - 1)"
            ])
    }
}
