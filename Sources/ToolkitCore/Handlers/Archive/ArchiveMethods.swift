import JSONRPC
import PetDiary

/// `archive.create|list|verify|prune|restore`: cron archives of the whole diary.
struct ArchiveMethods: MethodGroup {
    let diary: Diary
    let events: EventBus
    let dataDirectory: String
    let hooks: PluginHooks

    func register(in registry: MethodRegistry) throws {
        try registry.register(
            ArchiveCreateHandler(diary: diary, events: events, dataDirectory: dataDirectory, hooks: hooks))
        try registry.register(ArchiveListHandler(dataDirectory: dataDirectory))
        try registry.register(ArchiveVerifyHandler())
        try registry.register(ArchivePruneHandler(dataDirectory: dataDirectory))
        try registry.register(ArchiveRestoreHandler(dataDirectory: dataDirectory))
    }
}
