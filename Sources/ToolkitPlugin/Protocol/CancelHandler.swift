import JSONRPC
import ToolkitAPI

/// Answers the core's `rpc.cancel {"id"}` notification by cancelling the request it names: its handler's
/// task is cancelled and the request is answered -32005, as the core does for its own clients.
struct CancelHandler: RPCImmediateHandler {
    typealias Method = RPCCancel

    func handle(_ params: Method.Params, context: RPCContext) throws -> Method.Result {
        try RPCCancel.perform(params, on: context.connection)
    }
}
