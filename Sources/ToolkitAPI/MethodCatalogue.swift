public import JSONRPC

/// Every method of the built-in catalogue, in the order of DESIGN's method table.
public enum MethodCatalogue {
    /// The built-in methods' descriptions.
    public static let methods: [any APIMethod.Type] = [
        PetsCreate.self,
        PetsGet.self,
        PetsList.self,
        PetsUpdate.self,
        PetsDelete.self,
        AlbumsCreate.self,
        AlbumsGet.self,
        AlbumsList.self,
        AlbumsRename.self,
        AlbumsDelete.self,
        PhotosImport.self,
        PhotosImportMany.self,
        PhotosGet.self,
        PhotosList.self,
        PhotosUpdate.self,
        PhotosDelete.self,
        PhotosThumbnail.self,
        DiaryCreate.self,
        DiaryGet.self,
        DiaryUpdate.self,
        DiaryDelete.self,
        DiaryDeleteAll.self,
        DiaryList.self,
        DiarySearch.self,
        DiaryTags.self,
        DiaryCalendar.self,
        SettingsGet.self,
        SettingsSet.self,
        SystemPing.self,
        SystemInfo.self,
        SystemGC.self,
        RPCDiscover.self,
        RPCCancel.self,
        EventsSubscribe.self,
        EventsUnsubscribe.self,
        EventsEmit.self,
    ]
}
