public import JSONRPC

/// Every failure of the daemon itself is -32603 with its message, and is logged in full.
extension CoreError: RPCErrorConvertible {
    public var rpcError: RPCError {
        RPCError(code: .internalError, message: message)
    }
}
