import JSONRPC
import PetDiary

/// `pets.*`: create, get, list, update, delete.
struct PetsMethods: MethodGroup {
    let diary: Diary

    func register(in registry: MethodRegistry) throws {
        try registry.register(PetsCreate(diary: diary))
        try registry.register(PetsGet(diary: diary))
        try registry.register(PetsList(diary: diary))
        try registry.register(PetsUpdate(diary: diary))
        try registry.register(PetsDelete(diary: diary))
    }
}
