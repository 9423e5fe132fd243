#if canImport(Glibc)
import Glibc
#endif
import Foundation
import ToolkitTestSupport

/// An HTTP/1.1 exchange written byte for byte over TCP, for what a polite client cannot send (a forged `Host`,
/// `..` in a path) and for streams that do not end (Server-Sent Events).
struct RawHTTP {
    /// What came back: the status, the header lines, and the rest as text.
    struct Reply: Sendable {
        var status: Int
        var headers: [(name: String, value: String)]
        var body: String

        func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }
    }

    let port: Int

    /// Sends `head` (the request line and headers, one per element; `Content-Length`, or `Transfer-Encoding:
    /// chunked` when `chunked`, and `Connection: close` are added) and `body`,
    /// then reads until the server closes, `until` holds for what has come, or `timeout` seconds pass.
    func send(
        _ head: [String], body: String = "", chunked: Bool = false,
        until: @escaping @Sendable (String) -> Bool = { _ in false },
        timeout: Double = 120
    ) async throws -> Reply {
        let port = port
        let length =
            chunked ? ["Transfer-Encoding: chunked"] : body.isEmpty ? [] : ["Content-Length: \(body.utf8.count)"]
        let body = chunked ? String(body.utf8.count, radix: 16) + "\r\n" + body + "\r\n0\r\n\r\n" : body
        let bytes = try await offThePool {
            try Self.exchange(
                port: port,
                request: (head + length + ["Connection: close", "", body]).joined(separator: "\r\n"),
                until: { until(String(decoding: $0, as: UTF8.self)) }, timeout: timeout)
        }
        return try Self.parse(String(decoding: bytes, as: UTF8.self))
    }

    /// A reply read as bytes: its status, header lines and body (`Content-Length` bytes).
    struct BinaryReply: Sendable {
        var status: Int
        var headers: [String]
        var body: [UInt8]
    }

    /// Sends `requests` (each whole, as written) in one write, pipelined, and reads until the server closes (so the
    /// last should say `Connection: close`) or `timeout` seconds pass: the replies in the order they came, each
    /// body read by its `Content-Length`.
    func pipeline(_ requests: [String], timeout: Double = 60) async throws -> [BinaryReply] {
        let port = port
        var bytes = try await offThePool {
            try Self.exchange(port: port, request: requests.joined(), until: { _ in false }, timeout: timeout)
        }[...]
        var replies: [BinaryReply] = []
        let separator = Array("\r\n\r\n".utf8)
        while let end = bytes.indices.first(where: { bytes[$0...].starts(with: separator) }) {
            let lines = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
            let status = Int(lines[0].split(separator: " ").dropFirst().first ?? "") ?? 0
            let length =
                lines.lazy.compactMap { line -> Int? in
                    let parts = line.split(separator: ":", maxSplits: 1)
                    guard parts.count == 2, parts[0].lowercased() == "content-length" else { return nil }
                    return Int(parts[1].trimmingCharacters(in: .whitespaces))
                }.first ?? 0
            let body = bytes[(end + 4)...].prefix(length)
            replies.append(BinaryReply(status: status, headers: Array(lines.dropFirst()), body: Array(body)))
            bytes = bytes[(end + 4 + body.count)...]
        }
        return replies
    }

    /// Sends `bytes` as they are and reads until the server closes or `timeout` seconds pass: whether it closed,
    /// and what came.
    func dribble(_ bytes: String, timeout: Double = 120) async throws -> (closed: Bool, received: String) {
        let port = port
        return try await offThePool {
            let descriptor = try Self.connect(port: port)
            defer { close(descriptor) }
            var wait = timeval(tv_sec: 0, tv_usec: 200_000)
            setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
            let request = Array(bytes.utf8)
            _ = request.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, 0) }
            var received: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
            while ContinuousClock.now < deadline {
                let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
                if count == 0 { return (true, String(decoding: received, as: UTF8.self)) }
                if count > 0 { received += buffer[..<count] }
            }
            return (false, String(decoding: received, as: UTF8.self))
        }
    }

    private static func exchange(
        port: Int, request: String, until: ([UInt8]) -> Bool, timeout: Double
    ) throws -> [UInt8] {
        let descriptor = try connect(port: port)
        defer { close(descriptor) }
        var wait = timeval(tv_sec: 0, tv_usec: 200_000)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        let bytes = Array(request.utf8)
        guard bytes.withUnsafeBytes({ Glibc.send(descriptor, $0.baseAddress, $0.count, 0) }) == bytes.count else {
            throw TestFailure("could not send the request to port \(port)")
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        while ContinuousClock.now < deadline {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count == 0 { break }
            if count > 0 {
                received += buffer[..<count]
                if until(received) { break }
            }
        }
        return received
    }

    /// A socket connected to `localhost` at `port`, over whichever address family the server bound.
    private static func connect(port: Int) throws -> Int32 {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo("localhost", String(port), &hints, &list) == 0 else {
            throw TestFailure("localhost does not resolve")
        }
        defer { freeaddrinfo(list) }
        var next = list
        while let info = next {
            let descriptor = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
            if descriptor >= 0 {
                if Glibc.connect(descriptor, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 { return descriptor }
                close(descriptor)
            }
            next = info.pointee.ai_next
        }
        throw TestFailure("nothing listens on localhost:\(port)")
    }

    private static func parse(_ text: String) throws -> Reply {
        guard let end = text.range(of: "\r\n\r\n") else { throw TestFailure("no HTTP response: \(text.prefix(200))") }
        let lines = text[..<end.lowerBound].components(separatedBy: "\r\n")
        let statusWords = lines[0].split(separator: " ")
        guard statusWords.count >= 2, let status = Int(statusWords[1]) else {
            throw TestFailure("no status line: \(lines[0])")
        }
        let headers = lines.dropFirst().compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (
                String(line[..<colon]), String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
            )
        }
        return Reply(status: status, headers: headers, body: String(text[end.upperBound...]))
    }
}
