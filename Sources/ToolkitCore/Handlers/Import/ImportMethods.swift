import JSONRPC
import PetDiary

/// `import.bundle`: share bundles into the diary.
struct ImportMethods: MethodGroup {
    let diary: Diary
    let events: EventBus
    let renditions: RenditionQueue

    func register(in registry: MethodRegistry) throws {
        try registry.register(ImportBundleHandler(diary: diary, events: events, renditions: renditions))
    }
}
