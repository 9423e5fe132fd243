import JSONRPC
import PetDiary
import Sharing
import ToolkitAPI

/// Answers `sounds.record` as ToolkitAPI's ``SoundsRecord`` describes it. The capture runs on a thread of
/// its own; the request's task only waits, so the connection keeps serving other requests meanwhile, and
/// cancelling the task (rpc.cancel, the client going away) stops the capture and keeps nothing.
struct SoundsRecordHandler: RPCHandler {
    typealias Method = SoundsRecord

    let diary: Diary

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        var request = RecordingRequest(seconds: params.seconds, device: params.device)
        if let rate = params.rate { request.rate = rate }
        if let channels = params.channels { request.channels = channels }
        let reporter = context.progressReporter(unit: "seconds")
        return SoundRecord(
            try await diary.recordSound(title: params.title, request) { done, total in
                reporter.report(done: done, total: total)
            })
    }
}
