public import JSONRPC
import Media
import PetDiary

/// DESIGN's table for media: what the client sent is not media we know, cannot be read, is too big or
/// could not be fetched → -32602 naming the parameter that carried it (`field`) with the reason; an I/O
/// failure of the core's own files → -32603, generic unless the disk is full (then it names the path).
extension MediaError: RPCErrorConvertible {
    public var rpcError: RPCError {
        var extra: [(String, JSONValue)] = [("reason", .string(reason ?? message))]
        if let limit { extra.append(("limit", .int(Int(limit)))) }
        if let status { extra.append(("status", .int(status))) }
        if let host { extra.append(("host", .string(host))) }
        if let path { extra.append(("path", .string(path))) }
        switch code {
        case .io where RPCError.isNoSpace(reason: reason):
            return .noSpace(message, path: path)
        case .io:
            return .internalError
        default:
            return .invalidParams(message, field: field, extra: extra)
        }
    }
}
