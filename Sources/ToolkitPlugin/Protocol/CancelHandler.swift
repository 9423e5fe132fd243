import JSONRPC
import ToolkitAPI

/// Answers the core's `rpc.cancel {"id"}` notification by cancelling the request it names: its handler's
/// task is cancelled and the request is answered -32005. The core's own `RPCCancelHandler` does the same
/// for its clients; both follow ToolkitAPI's ``RPCCancel``.
struct CancelHandler: RPCImmediateHandler {
    typealias Method = RPCCancel

    func handle(_ params: Method.Params, context: RPCContext) throws -> Method.Result {
        let id: RPCID
        switch params.id {
        case .string(let value): id = .string(value)
        case .int(let value): id = .number(value)
        case .double: id = RPCID(rawJSON: params.id.text)
        default:
            throw RPCError.invalidParams(
                "Param 'id' must be the string or number id of a running request.", field: "id")
        }
        guard context.connection.cancelRequest(id) else {
            throw RPCError(
                code: .notFound, message: "No request with id \(id) is running.",
                data: ["kind": "request", "id": params.id])
        }
        return Method.Result(cancelled: true)
    }
}
