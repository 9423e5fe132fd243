import JSONRPC
import PetDiary
import Sharing
import ToolkitAPI

/// Answers `notes.record` as ToolkitAPI's ``NotesRecord`` describes it; the capture behaves as `sounds.record`'s.
struct NotesRecordHandler: RPCHandler {
    typealias Method = NotesRecord

    let diary: Diary

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        let target = try NoteTarget(entryId: params.entryId, photoId: params.photoId)
        let reporter = context.progressReporter(unit: "seconds")
        let request = RecordingRequest(seconds: params.seconds, device: params.device)
        return NoteRecord(
            try await diary.recordNote(on: target, request) { done, total in
                reporter.report(done: done, total: total)
            })
    }
}
