import JSONRPC
import PetDiary
import Sharing
import ToolkitAPI

/// Answers `notes.attach` as ToolkitAPI's ``NotesAttach`` describes it.
struct NotesAttachHandler: RPCHandler {
    typealias Method = NotesAttach

    let diary: Diary

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        let target = try NoteTarget(entryId: params.entryId, photoId: params.photoId)
        return NoteRecord(try await diary.attachNote(soundId: params.soundId, to: target))
    }
}
