#if canImport(Glibc)
import Glibc
#endif
import JSONRPC
import Testing

/// What a person typing into `socat` sees: raw bytes written to a served connection over real pipes, and the
/// raw lines it answers.
struct FramingOverPipeTests {
    /// A connection serving ``PeerMethods`` on one end of two pipes; the test holds the other ends.
    private struct RawPeer {
        let server: RPCClient
        /// Where the test writes what the server reads.
        let toServer: Int32
        /// Where the test reads what the server writes.
        let fromServer: Int32

        static func start() async throws -> RawPeer {
            var inbound: [Int32] = [0, 0]
            var outbound: [Int32] = [0, 0]
            try #require(pipe(&inbound) == 0 && pipe(&outbound) == 0)
            let server = try await RPCClient.connect(
                input: inbound[0], output: outbound[1], serving: try PeerMethods.registry())
            return RawPeer(server: server, toServer: inbound[1], fromServer: outbound[0])
        }

        func send(_ text: String) throws {
            let bytes = Array(text.utf8)
            var offset = 0
            while offset < bytes.count {
                let written = bytes[offset...].withUnsafeBytes { write(toServer, $0.baseAddress, $0.count) }
                try #require(written > 0)
                offset += written
            }
        }

        /// The next `count` lines the server writes, waiting up to 10 s for them.
        func readLines(_ count: Int) throws -> [String] {
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            let deadline = ContinuousClock.now + .seconds(10)
            while bytes.count(where: { $0 == UInt8(ascii: "\n") }) < count, ContinuousClock.now < deadline {
                var poller = pollfd(fd: fromServer, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, 100) > 0 else { continue }
                let got = buffer.withUnsafeMutableBytes { read(fromServer, $0.baseAddress, $0.count) }
                guard got > 0 else { break }
                bytes += buffer[0..<got]
            }
            return bytes.split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) }
        }

        func close() async {
            Glibc.close(toServer)
            await server.close()
            Glibc.close(fromServer)
        }
    }

    @Test func aRequestLeftOpenAnswersParseErrorAndTheNextLinesRequestIsStillAnswered() async throws {
        // Given a served connection
        let peer = try await RawPeer.start()

        // When a person leaves a request open on one line and types a whole one on the next
        try peer.send(
            #"{"jsonrpc":"2.0","id":1,"method":"peer.echo","params":{"text":"lost"}"# + "\n"
                + #"{"jsonrpc":"2.0","id":2,"method":"peer.echo","params":{"text":"kept"}}"# + "\n")

        // Then the broken part gets -32700 and the request on the next line its answer
        let lines = try peer.readLines(2)
        #expect(lines.count == 2)
        #expect(lines.first?.contains(#""code":-32700"#) == true, "\(lines)")
        #expect(lines.first?.hasSuffix(#""id":null}"#) == true, "\(lines)")
        #expect(lines.last == #"{"jsonrpc":"2.0","result":"kept","id":2}"#)
        await peer.close()
    }

    @Test func anOpenRequestFailingOnALineThatStartsOtherwiseStillCostsThatLine() async throws {
        // Given a served connection
        let peer = try await RawPeer.start()

        // When the line after an open request does not start a new message
        try peer.send(
            #"{"jsonrpc":"2.0","id":1,"method":"peer.echo","params":{"text":"a"}"# + "\n"
                + #""id":2,"method":"peer.echo"}"# + "\n"
                + #"{"jsonrpc":"2.0","id":3,"method":"peer.echo","params":{"text":"after"}}"# + "\n")

        // Then that line goes with the broken part, as before, and the one after is answered
        let lines = try peer.readLines(2)
        #expect(lines.count == 2)
        #expect(lines.first?.contains(#""code":-32700"#) == true, "\(lines)")
        #expect(lines.last == #"{"jsonrpc":"2.0","result":"after","id":3}"#)
        await peer.close()
    }
}
