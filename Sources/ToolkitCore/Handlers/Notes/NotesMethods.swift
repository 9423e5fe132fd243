import JSONRPC
import PetDiary

/// `notes.*`: voice notes on diary entries and photos: record, attach, list, play, delete.
struct NotesMethods: MethodGroup {
    let diary: Diary
    /// The core's plays under way, which `sounds.stop` stops (a note's play among them).
    let playing: PlayingSounds

    func register(in registry: MethodRegistry) throws {
        try registry.register(NotesRecordHandler(diary: diary))
        try registry.register(NotesAttachHandler(diary: diary))
        try registry.register(NotesListHandler(diary: diary))
        try registry.register(NotesPlayHandler(diary: diary, playing: playing))
        try registry.register(NotesDeleteHandler(diary: diary))
    }
}
