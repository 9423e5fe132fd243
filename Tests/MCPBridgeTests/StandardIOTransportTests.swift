import Foundation
import Logging
import Testing

@testable import MCPBridge

/// The bridge's stdio transport on real pipes: what a client writes arrives as one message a line, however the
/// writes cut it, and what the bridge sends is one line each.
@Suite struct StandardIOTransportTests {
    /// Two pipes standing for the client's side: it writes to `toBridge` and reads `fromBridge`.
    private struct Pipes {
        let toBridge = Pipe()
        let fromBridge = Pipe()
        let transport: StandardIOTransport

        init() {
            transport = StandardIOTransport(
                input: toBridge.fileHandleForReading.fileDescriptor,
                output: fromBridge.fileHandleForWriting.fileDescriptor, logger: Logger(label: "test"))
        }

        func write(_ text: String) { toBridge.fileHandleForWriting.write(Data(text.utf8)) }
    }

    @Test func linesArriveWholeWhetherWrittenTogetherOrInPieces() async throws {
        let pipes = Pipes()
        try await pipes.transport.connect()
        var messages = await pipes.transport.receive().makeAsyncIterator()
        pipes.write("{\"id\":1}\n\n{\"id\":2}\n{\"id\"")
        #expect(try await messages.next().map { String(decoding: $0, as: UTF8.self) } == "{\"id\":1}")
        #expect(try await messages.next().map { String(decoding: $0, as: UTF8.self) } == "{\"id\":2}")
        pipes.write(":3}\n")
        #expect(try await messages.next().map { String(decoding: $0, as: UTF8.self) } == "{\"id\":3}")
        try pipes.toBridge.fileHandleForWriting.close()
        #expect(try await messages.next() == nil)
    }

    @Test func eachSentMessageIsOneLine() async throws {
        let pipes = Pipes()
        try await pipes.transport.connect()
        try await pipes.transport.send(Data("{\"id\":1}".utf8))
        try await pipes.transport.send(Data("{\"id\":2}".utf8))
        try pipes.fromBridge.fileHandleForWriting.close()
        let written = try pipes.fromBridge.fileHandleForReading.readToEnd() ?? Data()
        #expect(String(decoding: written, as: UTF8.self) == "{\"id\":1}\n{\"id\":2}\n")
    }
}
