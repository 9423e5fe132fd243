#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// A plain blocking Unix-socket client that sends bytes and reads lines, written without any of the
/// toolkit's own framing code so that tests check the wire format independently.
///
/// `@unchecked Sendable`: one test task uses it at a time; the tests that write from a second task only
/// call `send`, which touches nothing but the descriptor.
public final class LineClient: @unchecked Sendable {
    public let descriptor: Int32
    private var pending: [UInt8] = []
    private var sawEOF = false

    /// Connects to the socket at `path`.
    public convenience init(path: String) throws {
        self.init(descriptor: try UnixSocket.connect(to: path))
    }

    /// Takes over a connected stream socket (and closes it when done).
    public init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Sends `text` as it is (add the newline yourself).
    public func send(_ text: String) throws { try send(Array(text.utf8)) }

    /// Sends `bytes` as they are.
    public func send(_ bytes: [UInt8]) throws { try UnixSocket.send(bytes, on: descriptor) }

    /// Sends as much of `bytes` as the socket takes without waiting; returns how many bytes went.
    public func sendWithoutWaiting(_ bytes: [UInt8]) -> Int {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
            }
            guard written > 0 else { break }
            offset += written
        }
        return offset
    }

    /// Shuts the write side, as `printf … | socat …` does when its input ends.
    public func shutdownWrite() { shutdown(descriptor, Int32(SHUT_WR)) }

    /// The next line (without its newline), or nil at end of stream or after `timeout` seconds.
    ///
    /// The default is generous on purpose: Swift Testing runs synchronous tests (which block on child
    /// processes) on the same two cooperative threads that an in-process core's tasks need, so an answer
    /// can be seconds late on a 2-core machine without anything being wrong.
    ///
    /// It polls without blocking and sleeps between polls, so tests calling it never hold one of Swift's
    /// few cooperative threads while the core (in the same process) needs them.
    public func readLine(timeout: Double = 30) async -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let newline = pending.firstIndex(of: 0x0A) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                return line
            }
            if sawEOF { return nil }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 0) > 0 else {
                // Give up only when nothing has arrived by the deadline: a test starved of threads by other
                // tests may wake long after it, and what came meanwhile still counts.
                guard Date() < deadline else { return nil }
                try? await Task.sleep(for: .milliseconds(2))
                continue
            }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = recv(descriptor, &chunk, chunk.count, 0)
            if count <= 0 {
                sawEOF = true
            } else {
                pending += chunk[..<count]
            }
        }
    }

    /// Reads `count` lines; fewer if the stream ends or times out first.
    public func readLines(_ count: Int, timeout: Double = 30) async -> [String] {
        var lines: [String] = []
        while lines.count < count, let line = await readLine(timeout: timeout) { lines.append(line) }
        return lines
    }

    /// Whether the server has closed the connection (end of stream) within `timeout` seconds, with no more
    /// lines in between.
    public func waitForEOF(timeout: Double = 30) async -> Bool {
        await readLine(timeout: timeout) == nil && sawEOF
    }
}
