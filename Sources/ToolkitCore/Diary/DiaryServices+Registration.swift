import JSONRPC

extension DiaryServices {
    /// Registers every pets, albums, photos, diary and settings method.
    func register(in registry: MethodRegistry) throws {
        try registry.register(PetsCreate(diary: self))
        try registry.register(PetsGet(diary: self))
        try registry.register(PetsList(diary: self))
        try registry.register(PetsUpdate(diary: self))
        try registry.register(PetsDelete(diary: self))
        try registry.register(AlbumsCreate(diary: self))
        try registry.register(AlbumsGet(diary: self))
        try registry.register(AlbumsList(diary: self))
        try registry.register(AlbumsRename(diary: self))
        try registry.register(AlbumsDelete(diary: self))
        try registry.register(DiaryCreate(diary: self))
        try registry.register(DiaryGet(diary: self))
        try registry.register(DiaryUpdate(diary: self))
        try registry.register(DiaryDelete(diary: self))
        try registry.register(DiaryDeleteAll(diary: self))
        try registry.register(DiaryList(diary: self))
        try registry.register(DiarySearch(diary: self))
        try registry.register(DiaryTags(diary: self))
        try registry.register(DiaryCalendar(diary: self))
        try registry.register(SettingsGet(diary: self))
        try registry.register(SettingsSet(diary: self))
        try registry.register(PhotosImport(diary: self))
        try registry.register(PhotosImportMany(diary: self))
        try registry.register(PhotosGet(diary: self))
        try registry.register(PhotosList(diary: self))
        try registry.register(PhotosUpdate(diary: self))
        try registry.register(PhotosDelete(diary: self))
        try registry.register(PhotosThumbnail(diary: self))
    }
}
