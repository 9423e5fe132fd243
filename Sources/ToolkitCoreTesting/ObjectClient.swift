#if canImport(Glibc)
import Glibc
#endif
import Foundation
public import JSONRPC
import NIOConcurrencyHelpers

/// A JSON-RPC client for tests that reads like a script: params and results as Foundation JSON objects.
///
/// It speaks to any connected stream socket (a core's Unix socket, or one end of a `socketpair(2)` that an
/// in-process core serves), and is written without the toolkit's own client and framing code, so tests
/// check the wire independently. Calls may run concurrently; a thread of its own reads the answers (one
/// JSON value a line, as the core writes them) and hands each to its caller by id. Notifications are dropped.
public final class ObjectClient: Sendable {
    private let descriptor: Int32
    private let state = NIOLockedValueBox(State())
    private let sending = NIOLockedValueBox(())
    private let readerDone = DispatchSemaphore(value: 0)

    private struct State {
        var nextID = 0
        var pending: [Int: CheckedContinuation<String, any Error>] = [:]
        var closed = false
    }

    /// Connects to the socket at `path`.
    /// - Throws: `POSIXError` when no one listens there.
    public static func connect(to path: String) async throws -> ObjectClient {
        ObjectClient(descriptor: try UnixSocket.connect(to: path))
    }

    /// Takes over a connected stream socket (and closes it in ``close()``).
    public init(descriptor: Int32) {
        self.descriptor = descriptor
        let thread = Thread { [self] in readAnswers() }
        thread.start()
    }

    deinit {
        shutdown(descriptor, Int32(SHUT_RDWR))
        readerDone.wait()
        Glibc.close(descriptor)
    }

    /// Calls `method` and returns its result as Foundation JSON (`[String: Any]`, `[Any]`, `String`…).
    /// - Throws: the ``RPCError`` the core answered with, or ``RPCClientError`` when the connection closed.
    public func call(_ method: String, _ params: [String: Any]? = nil) async throws -> Any {
        var request: [String: Any] = ["jsonrpc": "2.0", "method": method]
        if let params { request["params"] = params }
        let id = state.withLockedValue { state in
            state.nextID += 1
            return state.nextID
        }
        request["id"] = id
        let bytes = Array(try JSONSerialization.data(withJSONObject: request)) + [0x0A]
        let line = try await withCheckedThrowingContinuation { continuation in
            let open = state.withLockedValue { state in
                guard !state.closed else { return false }
                state.pending[id] = continuation
                return true
            }
            guard open else { return continuation.resume(throwing: Self.closedError) }
            do {
                try sending.withLockedValue { _ in try UnixSocket.send(bytes, on: descriptor) }
            } catch {
                state.withLockedValue { $0.pending.removeValue(forKey: id) }?.resume(throwing: error)
            }
        }
        let response = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
        if let error = response["error"] as? [String: Any] {
            throw RPCError(
                code: RPCErrorCode(rawValue: error["code"] as? Int ?? RPCErrorCode.internalError.rawValue),
                message: error["message"] as? String ?? "",
                data: try error["data"].map { data in
                    let text = try JSONSerialization.data(withJSONObject: data, options: [.fragmentsAllowed])
                    return RawJSON(unchecked: String(decoding: text, as: UTF8.self))
                })
        }
        return response["result"] ?? NSNull()
    }

    /// Calls a method whose result is an object.
    public func object(_ method: String, _ params: [String: Any]? = nil) async throws -> [String: Any] {
        let result = try await call(method, params)
        guard let object = result as? [String: Any] else {
            throw RPCError(code: .internalError, message: "\(method) did not return an object: \(result)")
        }
        return object
    }

    /// The items of a list method's page.
    public func items(_ method: String, _ params: [String: Any]? = nil) async throws -> [[String: Any]] {
        try await object(method, params)["items"] as? [[String: Any]] ?? []
    }

    /// Calls `method` expecting an error, and returns it (nil when the call succeeded).
    public func error(_ method: String, _ params: [String: Any]? = nil) async -> RPCError? {
        do {
            _ = try await call(method, params)
            return nil
        } catch let error as RPCError {
            return error
        } catch {
            return RPCError(code: .internalError, message: "not an RPC error: \(error)")
        }
    }

    /// The error's `data` as a Foundation object.
    public static func data(of error: RPCError?) -> [String: Any] {
        guard let text = error?.data?.text else { return [:] }
        return (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
    }

    /// Closes the connection; calls still waiting fail with ``RPCClientError``.
    public func close() async {
        shutdown(descriptor, Int32(SHUT_RDWR))
    }

    private static var closedError: RPCClientError {
        RPCClientError(code: .connectionClosed, message: "The connection to the core closed.")
    }

    /// The reading thread: splits what arrives into lines and resumes each answer's caller, until end of stream.
    private func readAnswers() {
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(descriptor, &chunk, chunk.count, 0)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            buffer += chunk[..<count]
            while let newline = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                deliver(line)
            }
        }
        let waiting = state.withLockedValue { state in
            state.closed = true
            defer { state.pending = [:] }
            return state.pending.values
        }
        for continuation in waiting { continuation.resume(throwing: Self.closedError) }
        readerDone.signal()
    }

    private func deliver(_ line: String) {
        let message = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        guard let id = message?["id"] as? Int, message?["method"] == nil else { return }
        state.withLockedValue { $0.pending.removeValue(forKey: id) }?.resume(returning: line)
    }
}
