import JSONRPC
import ToolkitAPI

/// Answers `sounds.stop` as ToolkitAPI's ``SoundsStop`` describes it.
struct SoundsStopHandler: RPCHandler {
    typealias Method = SoundsStop

    static let prefersEventLoop = true

    let playing: PlayingSounds

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        Method.Result(stopped: playing.stopAll())
    }
}
