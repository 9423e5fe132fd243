import JSONRPC
import PetDiary
import Sharing
import ToolkitAPI

/// Answers `settings.get` as ToolkitAPI's ``SettingsGet`` describes it.
struct SettingsGetHandler: RPCHandler {
    typealias Method = SettingsGet

    static let prefersEventLoop = true

    let diary: Diary

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        SettingsRecord(try await diary.store.settings.get())
    }
}
