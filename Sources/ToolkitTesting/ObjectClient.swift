import Foundation
public import JSONRPC

/// A client for tests that reads like a script: params and results as Foundation JSON objects.
public struct ObjectClient: Sendable {
    public let client: RPCClient

    /// Connects to the socket at `path`.
    public static func connect(to path: String) async throws -> ObjectClient {
        ObjectClient(client: try await RPCClient.connect(to: path))
    }

    /// Calls `method` and returns its result as Foundation JSON (`[String: Any]`, `[Any]`, `String`…).
    /// - Throws: the ``RPCError`` the core answered with.
    public func call(_ method: String, _ params: [String: Any]? = nil) async throws -> Any {
        let raw = try params.map { RawJSON(unchecked: String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self)) }
        let result = try await client.call(method, params: raw)
        return try JSONSerialization.jsonObject(with: Data(result.text.utf8), options: [.fragmentsAllowed])
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

    public func close() async { await client.close() }
}
