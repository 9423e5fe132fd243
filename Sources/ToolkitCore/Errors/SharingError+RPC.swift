public import JSONRPC
import Sharing

/// DESIGN's table for the backups', exports' and imports' refusals: invalid → -32602 with `field`, not found →
/// -32001 with `kind` and `id`, permission denied → -32003 with `path`.
extension SharingError: RPCErrorConvertible {
    public var rpcError: RPCError {
        switch code {
        case .invalid:
            return .invalidParams(message, field: field)
        case .notFound:
            var data: [(String, JSONValue)] = []
            if let kind { data.append(("kind", .string(kind))) }
            if let id { data.append(("id", .string(id))) }
            return RPCError(code: .notFound, message: message, data: .object(data))
        case .permissionDenied:
            return RPCError(
                code: .permissionDenied, message: message, data: .object(path.map { [("path", .string($0))] } ?? []))
        }
    }
}
