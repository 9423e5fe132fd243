import JSONRPC
import ToolkitAPI

/// Answers `rpc.cancel` as ToolkitAPI's ``RPCCancel`` describes it.
struct RPCCancelHandler: RPCImmediateHandler {
    typealias Method = RPCCancel

    func handle(_ params: Method.Params, context: RPCContext) throws -> Method.Result {
        try RPCCancel.perform(params, on: context.connection)
    }
}
