import JSONRPC
import PetDiary

/// `photos.*`: import (one or many), get, list, update, delete, thumbnail.
struct PhotosMethods: MethodGroup {
    let diary: Diary

    func register(in registry: MethodRegistry) throws {
        try registry.register(PhotosImport(diary: diary))
        try registry.register(PhotosImportMany(diary: diary))
        try registry.register(PhotosGet(diary: diary))
        try registry.register(PhotosList(diary: diary))
        try registry.register(PhotosUpdate(diary: diary))
        try registry.register(PhotosDelete(diary: diary))
        try registry.register(PhotosThumbnail(diary: diary))
    }
}
