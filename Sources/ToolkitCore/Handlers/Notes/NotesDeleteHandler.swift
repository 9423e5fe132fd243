import JSONRPC
import PetDiary
import ToolkitAPI

/// Answers `notes.delete` as ToolkitAPI's ``NotesDelete`` describes it.
struct NotesDeleteHandler: RPCHandler {
    typealias Method = NotesDelete

    let diary: Diary

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        try await diary.deleteNote(id: params.id, logger: context.logger)
        return DeletedCount(deleted: 1)
    }
}
