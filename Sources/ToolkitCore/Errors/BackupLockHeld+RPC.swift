public import JSONRPC
import Sharing

/// Another backup run holds the archive directory's lock: -32002 with `data.reason` `locked` and the `path`.
extension BackupLockHeld: RPCErrorConvertible {
    public var rpcError: RPCError {
        RPCError(
            code: .conflict, message: description,
            data: .object([("reason", .string("locked")), ("path", .string(directory))]))
    }
}
