import JSONRPC
import PetDiary

/// `albums.*`: create, get, list, rename, delete.
struct AlbumsMethods: MethodGroup {
    let diary: Diary

    func register(in registry: MethodRegistry) throws {
        try registry.register(AlbumsCreateHandler(diary: diary))
        try registry.register(AlbumsGetHandler(diary: diary))
        try registry.register(AlbumsListHandler(diary: diary))
        try registry.register(AlbumsRenameHandler(diary: diary))
        try registry.register(AlbumsDeleteHandler(diary: diary))
    }
}
