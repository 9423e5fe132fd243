import JSONRPC
import PetDiary
import ToolkitAPI

/// Answers `notes.play` as ToolkitAPI's ``NotesPlay`` describes it: `sounds.play` of the note's sound.
struct NotesPlayHandler: RPCHandler {
    typealias Method = NotesPlay

    let diary: Diary
    let playing: PlayingSounds

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        let note = try await diary.store.notes.get(id: params.id)
        var sound = params
        sound.id = note.soundId
        return try await SoundsPlayHandler(diary: diary, playing: playing).handle(sound, context: context)
    }
}
