import JSONRPC
import PetDiary

/// `settings.get` → the diary's settings.
struct SettingsGet: RPCMethod {
    static let name = "settings.get"
    static let summary = "Returns the diary's settings: name, theme colour, default order, title and body limits, default shutter sound."
    /// A read of a few rows: cheaper on the event loop than two thread switches.
    static let prefersEventLoop = true
    static let resultSchema = SettingsSet.resultSchema

    typealias Result = DiarySettings

    let diary: Diary

    func handle(_ params: NoParams, context: RPCContext) async throws -> DiarySettings {
        try await diary.store.settings()
    }
}
