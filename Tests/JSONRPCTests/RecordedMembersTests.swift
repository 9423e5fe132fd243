import NIOCore
import Testing

@testable import JSONRPC

/// The members of a message that the frame decoder records while it validates the message, which the
/// connection reads instead of walking the message again: they must read as the walk does.
struct RecordedMembersTests {
    /// Values in `input` fed `chunk` bytes at a time, each with the members recorded for it.
    private static func values(_ input: String, chunk: Int) throws -> [(ByteBuffer, TopLevelMembers)] {
        var decoder = RPCFrameDecoder()
        var buffer = ByteBuffer()
        var values: [(ByteBuffer, TopLevelMembers)] = []
        let bytes = Array(input.utf8)
        var offset = 0
        while offset < bytes.count {
            buffer.writeBytes(bytes[offset..<min(bytes.count, offset + chunk)])
            offset += chunk
            while let frame = try decoder.decode(buffer: &buffer) {
                if case .value(let value) = frame { values.append((value, decoder.membersOfLastValue)) }
            }
        }
        while let frame = try decoder.decodeLast(buffer: &buffer, seenEOF: true) {
            if case .value(let value) = frame { values.append((value, decoder.membersOfLastValue)) }
        }
        return values
    }

    static let messages: [String] = [
        #"{"jsonrpc":"2.0","id":7,"method":"bench.echo","params":{"n":1}}"#,
        #"{"jsonrpc":"2.0","result":{"a":[1,{"b":"}"}]},"id":"x"}"#,
        #"{"jsonrpc":"2.0","error":{"code":-32601,"message":"no"},"id":null}"#,
        #"{"jsonrpc":"2.0","method":"m","params":[1,2.5e3,-0.1,true,false,null,"\"]"]}"#,
        "{\n  \"jsonrpc\" : \"2.0\" ,\n  \"id\" :\t12 ,\n  \"method\" : \"pets.list\"\n}",
        #"{"\u006aSONRPC":"2.0","j\u0073onrpc":"2.0","\u006dethod":"m","id":1}"#,
        #"{"jsonrpc":"2.0","method":"a","method":"b","id":1,"id":2}"#,
        #"{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"jsonrpc":"2.0","method":"many","id":9}"#,
        #"{"jsonrpc":"2.0","method":"m","id":{"nested":1}}"#,
        #"{"jsonrpc":"2.0","method":"m","params":"text","id":3}"#,
        #"{"jsonrpc":"2.0","method":"bench\u002eecho","id":5}"#,
        #"{"jsonrpc":"2.0","method":"","params":  [ ],"id":6}"#,
        #"{"jsonrpc":"1.0","method":"m","id":-4}"#,
        #"{"jsonrpc":"2.0","id":1.5e2,"result":0}"#,
        "{}",
        #"[{"jsonrpc":"2.0","method":"m","id":1},{"jsonrpc":"2.0","method":"n"}]"#,
        "[]",
        "42",
        #""text""#,
    ]

    /// The connection passes the method it last called; a message reads the same whatever that was: the
    /// same name, another, a prefix of it, or the same name written with an escape.
    @Test(arguments: messages, ["bench.echo", "m", "bench.ech", "pets.list", ""])
    func aMessageReadsTheSameWhicheverMethodWasExpected(message: String, expected: String) throws {
        for (value, members) in try Self.values(message, chunk: 1000) {
            #expect(RPCMessage.parse(value, members: members, expectedMethod: expected) == RPCMessage.parse(value))
        }
    }

    @Test(arguments: messages, [1, 3, 1000])
    func aMessageReadWithItsRecordedMembersReadsAsTheWalkReadsIt(message: String, chunk: Int) throws {
        let values = try Self.values(message + "\n" + message, chunk: chunk)
        #expect(values.count == 2)
        for (value, members) in values {
            #expect(RPCMessage.parse(value, members: members) == RPCMessage.parse(value))
            let isObject = message.first == "{"
            let memberCount = JSONStructure.members(of: value)?.count ?? 0
            #expect(members.isUsable == (isObject && memberCount <= TopLevelMembers.capacity))
        }
    }

    @Test func membersAreRecordedAtTheirBytesWhateverTheSpacing() throws {
        // Given a message pretty-printed and fed one byte at a time
        let message = "{ \"jsonrpc\" :\"2.0\",\n \"params\" : { \"n\" : [ 1 , 2 ] } ,\"id\":-12 }"
        let values = try Self.values(message, chunk: 1)
        let (value, members) = try #require(values.first)
        // Then each member's key and value are exactly their bytes
        let text = Array(String(buffer: value).utf8)
        let read = (0..<members.count).map { index in
            let member = members[index]
            return (
                String(decoding: text[member.key], as: UTF8.self), String(decoding: text[member.value], as: UTF8.self)
            )
        }
        #expect(read.map(\.0) == ["jsonrpc", "params", "id"])
        #expect(read.map(\.1) == [#""2.0""#, #"{ "n" : [ 1 , 2 ] }"#, "-12"])
    }
}
