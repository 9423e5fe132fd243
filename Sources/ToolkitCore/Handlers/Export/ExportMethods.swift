import JSONRPC
import PetDiary

/// `export.create`: share bundles.
struct ExportMethods: MethodGroup {
    let diary: Diary
    let events: EventBus
    let dataDirectory: String
    let hooks: PluginHooks

    func register(in registry: MethodRegistry) throws {
        try registry.register(
            ExportCreateHandler(diary: diary, events: events, dataDirectory: dataDirectory, hooks: hooks))
    }
}
