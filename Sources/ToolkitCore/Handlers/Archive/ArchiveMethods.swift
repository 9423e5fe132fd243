import JSONRPC
import PetDiary

/// `archive.create|list|verify|prune|restore`: cron archives of the whole diary.
struct ArchiveMethods: MethodGroup {
    let diary: Diary
    let events: EventBus
    let dataDirectory: String
    let hooks: PluginHooks
    let renditions: RenditionQueue
    /// The config's `archiveDir`, when it names one.
    var archiveDirectory: String?

    func register(in registry: MethodRegistry) throws {
        try registry.register(
            ArchiveCreateHandler(
                diary: diary, events: events, dataDirectory: dataDirectory, archiveDirectory: archiveDirectory,
                hooks: hooks))
        try registry.register(ArchiveListHandler(dataDirectory: dataDirectory, archiveDirectory: archiveDirectory))
        try registry.register(ArchiveVerifyHandler())
        try registry.register(ArchivePruneHandler(dataDirectory: dataDirectory, archiveDirectory: archiveDirectory))
        try registry.register(
            ArchiveRestoreHandler(
                diary: diary, events: events, dataDirectory: dataDirectory, renditions: renditions))
    }
}
