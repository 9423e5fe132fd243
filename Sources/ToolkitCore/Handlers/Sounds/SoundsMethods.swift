import JSONRPC
import PetDiary

/// `sounds.*`: list, get, import, record, play, stop, rename, delete, devices.
struct SoundsMethods: MethodGroup {
    let diary: Diary
    /// The core's plays under way, which `sounds.stop` stops.
    let playing: PlayingSounds

    func register(in registry: MethodRegistry) throws {
        try registry.register(SoundsListHandler(diary: diary))
        try registry.register(SoundsGetHandler(diary: diary))
        try registry.register(SoundsImportHandler(diary: diary))
        try registry.register(SoundsRecordHandler(diary: diary))
        try registry.register(SoundsPlayHandler(diary: diary, playing: playing))
        try registry.register(SoundsStopHandler(playing: playing))
        try registry.register(SoundsRenameHandler(diary: diary))
        try registry.register(SoundsDeleteHandler(diary: diary))
        try registry.register(SoundsDevicesHandler())
    }
}
