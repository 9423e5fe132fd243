import JSONRPC
import ToolkitAPI

/// Answers `rpc.cancel` as ToolkitAPI's ``RPCCancel`` describes it.
struct RPCCancelHandler: RPCImmediateHandler {
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
                code: .notFound, message: "No request with id \(id) is running on this connection.",
                data: ["kind": "request", "id": params.id])
        }
        return Method.Result(cancelled: true)
    }
}
