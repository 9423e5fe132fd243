public import JSONRPC
import PetDiary

/// DESIGN's table for the diary: not found → -32001 with `kind` and `id`, conflict → -32002, invalid →
/// -32602 with `field`, `reason`, `limit` and `length`, rejected by a hook → -32602 with the hook's
/// message and `reason: "rejected"` and `hook`; a storage failure is a -32603 and is logged (naming the
/// database when the disk is full).
extension DiaryError: RPCErrorConvertible {
    public var rpcError: RPCError {
        switch code {
        case .notFound:
            var data: [(String, JSONValue)] = []
            if let kind { data.append(("kind", .string(kind))) }
            if let id { data.append(("id", .string(id))) }
            return RPCError(code: .notFound, message: message, data: .object(data))
        case .conflict:
            var data: [(String, JSONValue)] = []
            if let kind { data.append(("kind", .string(kind))) }
            if let id { data.append(("id", .string(id))) }
            return RPCError(code: .conflict, message: message, data: data.isEmpty ? nil : RawJSON(.object(data)))
        case .invalid:
            var extra: [(String, JSONValue)] = []
            if let reason { extra.append(("reason", .string(reason))) }
            if let limit { extra.append(("limit", .int(limit))) }
            if let length { extra.append(("length", .int(length))) }
            return .invalidParams(message, field: field, extra: extra)
        case .rejected:
            var extra: [(String, JSONValue)] = [("reason", "rejected")]
            if let hook { extra.append(("hook", .string(hook))) }
            return .invalidParams(message, field: field, extra: extra)
        case .storage where RPCError.isNoSpace(reason: reason):
            return .noSpace(message, path: nil)
        default:
            return .internalError
        }
    }
}
