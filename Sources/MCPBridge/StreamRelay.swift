#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif
import Dispatch

/// stdin and stdout as descriptors the event loop can wait on: a pipe, socket or terminal as it is; a regular
/// file or `/dev/null` (`toolkit mcp < session.jsonl > answers.jsonl`), which epoll refuses, relayed through a
/// pipe by a thread of its own that copies with blocking reads and writes.
final class StreamRelay: Sendable {
    /// The descriptor to read the client's messages from.
    let input: CInt
    /// The descriptor to write the answers to.
    let output: CInt
    /// Set when answers go through a relay: finishes once the relay has written them all.
    private let outputDrained: AsyncStream<Never>?

    init(input standardInput: CInt, output standardOutput: CInt) throws {
        if Self.canPoll(standardInput) {
            input = standardInput
        } else {
            let ends = try Self.makePipe()
            Self.copy(from: standardInput, to: ends.write, name: "toolkit.mcp.stdin", done: nil)
            input = ends.read
        }
        if Self.canPoll(standardOutput) {
            output = standardOutput
            outputDrained = nil
        } else {
            let ends = try Self.makePipe()
            let (drained, finish) = AsyncStream<Never>.makeStream()
            Self.copy(from: ends.read, to: standardOutput, name: "toolkit.mcp.stdout", done: finish)
            output = ends.write
            outputDrained = drained
        }
    }

    /// Waits until every answer written has reached the file (after the connection closed its end).
    func waitUntilWritten() async {
        guard let outputDrained else { return }
        for await _ in outputDrained {}
    }

    /// Whether epoll takes `descriptor`: pipes, sockets and terminals.
    private static func canPoll(_ descriptor: CInt) -> Bool {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return true }  // NIO then says what is wrong with it
        switch status.st_mode & S_IFMT {
        case S_IFIFO, S_IFSOCK: return true
        case S_IFCHR: return isatty(descriptor) == 1
        default: return false
        }
    }

    private static func makePipe() throws -> (read: CInt, write: CInt) {
        var ends: [CInt] = [0, 0]
        guard pipe(&ends) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return (ends[0], ends[1])
    }

    /// Copies `source` to `destination` until the end of `source` or an error, then closes both.
    private static func copy(
        from source: CInt, to destination: CInt, name: String, done: AsyncStream<Never>.Continuation?
    ) {
        // A queue of its own: its one block may wait in read(2) for as long as the stream lasts.
        DispatchQueue(label: name).async {
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            copying: while true {
                let count = buffer.withUnsafeMutableBytes { read(source, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }
                var offset = 0
                while offset < count {
                    let written = buffer.withUnsafeBytes {
                        write(destination, $0.baseAddress! + offset, count - offset)
                    }
                    if written < 0 && errno == EINTR { continue }
                    if written <= 0 { break copying }
                    offset += written
                }
            }
            close(source)
            close(destination)
            done?.finish()
        }
    }
}
