import JSONRPC
import PetDiary

/// `photos.*`: import (one or many), get, list, update, delete, thumbnail, rendition.
struct PhotosMethods: MethodGroup {
    let diary: Diary
    let renditions: RenditionQueue

    func register(in registry: MethodRegistry) throws {
        try registry.register(PhotosImportHandler(diary: diary))
        try registry.register(PhotosImportManyHandler(diary: diary))
        try registry.register(PhotosGetHandler(diary: diary))
        try registry.register(PhotosListHandler(diary: diary))
        try registry.register(PhotosUpdateHandler(diary: diary))
        try registry.register(PhotosDeleteHandler(diary: diary))
        try registry.register(PhotosThumbnailHandler(diary: diary))
        try registry.register(PhotosRenditionHandler(renditions: renditions))
    }
}
