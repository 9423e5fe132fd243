import JSONRPC
import PetDiary
import Sharing
import ToolkitAPI

/// Answers `notes.list` as ToolkitAPI's ``NotesList`` describes it.
struct NotesListHandler: RPCHandler {
    typealias Method = NotesList

    let diary: Diary

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        let target = try NoteTarget(entryId: params.entryId, photoId: params.photoId)
        return Method.Result(items: try await diary.store.notes.list(on: target).map(NoteRecord.init))
    }
}
