import JSONRPC
import PetDiary

/// `settings.get` and `settings.set`.
struct SettingsMethods: MethodGroup {
    let diary: Diary

    func register(in registry: MethodRegistry) throws {
        try registry.register(SettingsGetHandler(diary: diary))
        try registry.register(SettingsSetHandler(diary: diary))
    }
}
