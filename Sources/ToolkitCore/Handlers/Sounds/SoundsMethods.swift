import JSONRPC
import PetDiary

/// `sounds.*` of the store: list, get, import, rename, delete.
struct SoundsMethods: MethodGroup {
    let diary: Diary

    func register(in registry: MethodRegistry) throws {
        try registry.register(SoundsListHandler(diary: diary))
        try registry.register(SoundsGetHandler(diary: diary))
        try registry.register(SoundsImportHandler(diary: diary))
        try registry.register(SoundsRenameHandler(diary: diary))
        try registry.register(SoundsDeleteHandler(diary: diary))
    }
}
