/// A JSON-RPC error object: what a client receives when a call fails.
public struct RPCError: Error, Sendable, Hashable, CustomStringConvertible {
    public var code: RPCErrorCode
    /// A sentence a person can act on: what was wrong and what would be right.
    public var message: String
    /// Machine-readable detail (`field`, `limit`, `id`, …), kept as raw JSON so it passes through unchanged.
    public var data: RawJSON?

    public init(code: RPCErrorCode, message: String, data: RawJSON? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    public init(code: RPCErrorCode, message: String, data: JSONValue) {
        self.init(code: code, message: message, data: RawJSON(data))
    }

    public var description: String { "\(message) (\(code))" }
}

extension RPCError {
    public static func parseError(_ reason: String) -> RPCError {
        RPCError(code: .parseError, message: "Invalid JSON: \(reason).")
    }

    public static func invalidRequest(_ reason: String) -> RPCError {
        RPCError(code: .invalidRequest, message: "Invalid request: \(reason).")
    }

    public static func tooLarge(limit: Int) -> RPCError {
        RPCError(
            code: .invalidRequest,
            message: "Message is longer than the limit of \(limit) bytes; send less per message.",
            data: ["limit": .int(limit)]
        )
    }

    public static func methodNotFound(_ method: String) -> RPCError {
        RPCError(
            code: .methodNotFound,
            message: "No method named '\(method)'; rpc.discover lists the methods there are.",
            data: ["method": .string(method)]
        )
    }

    /// Invalid params: names the field and, when there is one, the reason.
    public static func invalidParams(_ message: String, field: String? = nil, extra: [(String, JSONValue)] = [])
        -> RPCError
    {
        var members: [(String, JSONValue)] = []
        if let field { members.append(("field", .string(field))) }
        members += extra
        return RPCError(code: .invalidParams, message: message, data: members.isEmpty ? nil : RawJSON(.object(members)))
    }

    public static let cancelled = RPCError(code: .cancelled, message: "The request was cancelled.")

    // swift-format-ignore: DontRepeatTypeInStaticProperties
    // Named after JSON-RPC's "Internal error", like RPCErrorCode.internalError.
    public static let internalError = RPCError(
        code: .internalError,
        message: "Internal error: the core failed to handle this request. Its log has the details."
    )
}
