/// Why a client could not get an answer at all (as opposed to an ``RPCError`` answer from the server).
public struct RPCClientError: Error, Sendable, CustomStringConvertible {
    public struct Code: Hashable, Sendable {
        private enum Value { case cannotConnect, connectionClosed, unsupported, outputFull, timedOut }
        private let value: Value
        public static let cannotConnect = Code(value: .cannotConnect)
        public static let connectionClosed = Code(value: .connectionClosed)
        /// The connection cannot carry calls to its peer.
        public static let unsupported = Code(value: .unsupported)
        /// The peer is not reading: the connection's outgoing queue is over its limit, so the call was not sent.
        public static let outputFull = Code(value: .outputFull)
        /// No answer came within the call's timeout; the peer was sent `rpc.cancel` for it.
        public static let timedOut = Code(value: .timedOut)

        public static func ~= (code: Code, error: any Error) -> Bool {
            (error as? RPCClientError)?.code == code
        }
    }

    public var code: Code
    public var message: String
    public var underlying: (any Error)?

    public init(code: Code, message: String, underlying: (any Error)? = nil) {
        self.code = code
        self.message = message
        self.underlying = underlying
    }

    public var description: String { message }
}
