public import Logging

extension RPCError {
    /// The one place where any error becomes what a client sees (DESIGN.md, Error codes).
    ///
    /// ``RPCError`` passes unchanged; ``RPCErrorConvertible`` errors give their own (logged in full when that
    /// is -32603); cancellation is
    /// -32005; anything else is a bug: -32603 with a generic message, and the full error logged.
    public static func from(_ error: any Error, logger: Logger) -> RPCError {
        switch error {
        case let error as RPCError:
            return error
        case let error as any RPCErrorConvertible:
            let converted = error.rpcError
            if converted.code == .internalError {
                logger.error("Request failed", metadata: ["error": "\(String(reflecting: error))"])
            }
            return converted
        case is CancellationError:
            return .cancelled
        default:
            logger.error("Request failed with an unexpected error", metadata: ["error": "\(String(reflecting: error))"])
            return .internalError
        }
    }
}
