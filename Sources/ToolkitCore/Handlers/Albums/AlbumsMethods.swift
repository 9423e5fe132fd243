import JSONRPC
import PetDiary

/// `albums.*`: create, get, list, rename, delete.
struct AlbumsMethods: MethodGroup {
    let diary: Diary

    func register(in registry: MethodRegistry) throws {
        try registry.register(AlbumsCreate(diary: diary))
        try registry.register(AlbumsGet(diary: diary))
        try registry.register(AlbumsList(diary: diary))
        try registry.register(AlbumsRename(diary: diary))
        try registry.register(AlbumsDelete(diary: diary))
    }
}
