public import Logging
import NIOCore

/// What a handler knows about the call it answers.
public struct RPCContext: Sendable {
    /// The request's id; nil for a notification.
    public let requestID: RPCID?
    /// The method called.
    public let method: String
    /// The connection the call came on: who the peer is, and a way to send it notifications.
    public let connection: any RPCConnection
    /// The params exactly as sent.
    public let rawParams: RawJSON?
    private let baseLogger: Logger

    /// The connection's logger with `rpc.id` and `rpc.method` metadata. Made on use: setting metadata costs
    /// more than answering a ping, and most calls never log.
    public var logger: Logger {
        var logger = baseLogger
        if let requestID { logger[metadataKey: "rpc.id"] = "\(requestID.rawJSON)" }
        logger[metadataKey: "rpc.method"] = "\(method)"
        return logger
    }

    public init(requestID: RPCID?, method: String, connection: any RPCConnection, rawParams: RawJSON?, logger: Logger) {
        self.requestID = requestID
        self.method = method
        self.connection = connection
        self.rawParams = rawParams
        self.baseLogger = logger
    }

    /// A reporter that sends `progress` notifications for this request when its params asked for them with
    /// `"progress": true`, and does nothing otherwise.
    public func progressReporter(unit: String) -> RPCProgressReporter {
        RPCProgressReporter(context: self, unit: unit)
    }

    /// Whether this is a request (not a notification) whose params have `"progress": true`.
    public var asksForProgress: Bool {
        // Most params never mention progress: a byte search rules them out before any member is read (a key
        // may be written with escapes, `"\u0070rogress"`, so text with a backslash is always read).
        guard requestID != nil, let rawParams, rawParams.mayMentionProgress,
            rawParams.isObject,
            let members = JSONStructure.members(of: rawParams.buffer)
        else { return false }
        return members.contains { $0.key == "progress" && String(buffer: $0.value) == "true" }
    }
}
