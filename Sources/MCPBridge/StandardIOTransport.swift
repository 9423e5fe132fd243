import Foundation
import Logging
import MCP

/// MCP's stdio transport (one JSON-RPC message a line on stdin and stdout) that waits for the client in a
/// blocking read on a thread of its own, so a message is handled as soon as it arrives.
///
/// The SDK's `StdioTransport` makes stdin non-blocking and, when nothing is there, sleeps 10 ms before it reads
/// again: every request of a client that waits for each answer, as assistants do, waited about that long before
/// the bridge saw it (Benchmarks/mcp: a `tools/call` round trip of milliseconds where the core answers in tens of
/// microseconds). Writes go through a serial queue of their own, so a client slow to read stdout blocks that
/// queue and not a thread of the cooperative pool.
actor StandardIOTransport: Transport {
    nonisolated let logger: Logger
    private let input: Int32
    private let output: Int32
    private let messages: AsyncThrowingStream<Data, any Error>
    private let continuation: AsyncThrowingStream<Data, any Error>.Continuation
    private let writes = DispatchQueue(label: "toolkit.mcp.stdout")
    private var connected = false

    /// A transport on stdin and stdout (or the descriptors given), left in blocking mode.
    init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, logger: Logger) {
        self.input = input
        self.output = output
        self.logger = logger
        (messages, continuation) = AsyncThrowingStream.makeStream()
    }

    func connect() async throws {
        guard !connected else { return }
        connected = true
        let reader = Thread { [input, continuation] in Self.readLines(from: input, into: continuation) }
        reader.name = "toolkit.mcp.stdin"
        reader.start()
    }

    func disconnect() async {
        connected = false
        continuation.finish()
    }

    func send(_ data: Data) async throws {
        guard connected else { throw MCPError.transportError(POSIXError(.ENOTCONN)) }
        var line = data
        line.append(UInt8(ascii: "\n"))
        try await withCheckedThrowingContinuation { (done: CheckedContinuation<Void, any Error>) in
            writes.async { [output, line] in
                let failure = Self.writeAll(line, to: output)
                if let failure { done.resume(throwing: MCPError.transportError(failure)) } else { done.resume() }
            }
        }
    }

    func receive() -> AsyncThrowingStream<Data, any Error> { messages }

    /// Reads `descriptor` until end of file, yielding each non-empty line without its newline.
    private static func readLines(from descriptor: Int32, into lines: AsyncThrowingStream<Data, any Error>.Continuation)
    {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var pending = Data()
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 {
                lines.finish(throwing: MCPError.transportError(POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)))
                return
            }
            if count == 0 { break }
            pending.append(contentsOf: buffer[..<count])
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = pending[pending.startIndex..<newline]
                if !line.isEmpty { lines.yield(Data(line)) }
                pending = pending[(newline + 1)...]
            }
        }
        lines.finish()
    }

    /// Writes all of `bytes`, waiting while the pipe is full; the error that stopped it, or nil.
    private static func writeAll(_ bytes: Data, to descriptor: Int32) -> POSIXError? {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
                }
                offset += written
            }
            return nil
        }
    }
}
