import JSONRPC
import PetDiary

/// `pets.*`: create, get, list, update, delete.
struct PetsMethods: MethodGroup {
    let diary: Diary

    func register(in registry: MethodRegistry) throws {
        try registry.register(PetsCreateHandler(diary: diary))
        try registry.register(PetsGetHandler(diary: diary))
        try registry.register(PetsListHandler(diary: diary))
        try registry.register(PetsUpdateHandler(diary: diary))
        try registry.register(PetsDeleteHandler(diary: diary))
    }
}
