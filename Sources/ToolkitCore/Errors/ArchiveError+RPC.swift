public import Archiving
public import JSONRPC

/// DESIGN's table for archives: a bad, unsafe or unsupported archive or member → -32007 with `entry` and
/// `reason`; a cancelled write → -32005; an I/O failure of the core's own files → -32603 (logged in full),
/// generic unless the disk is full (then it names the path).
extension ArchiveError: RPCErrorConvertible {
    public var rpcError: RPCError {
        switch code {
        case .cancelled:
            return RPCError(code: .cancelled, message: message)
        case .io where RPCError.isNoSpace(reason: reason):
            return .noSpace(message, path: nil)
        case .io:
            return .internalError
        default:
            var members: [(String, JSONValue)] = []
            if let entry { members.append(("entry", .string(entry))) }
            if let reason { members.append(("reason", .string(reason))) }
            return RPCError(code: .badArchive, message: message, data: .object(members))
        }
    }
}
