import JSONRPC
import PetDiary
import Sharing
import ToolkitAPI

/// Answers `settings.set` as ToolkitAPI's ``SettingsSet`` describes it.
struct SettingsSetHandler: RPCHandler {
    typealias Method = SettingsSet

    let diary: Diary

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        SettingsRecord(
            try await diary.updateSettings(
                SettingsChanges(
                    diaryName: params.diaryName, themeColor: params.themeColor, defaultOrder: params.defaultOrder,
                    titleLimit: params.titleLimit, bodyLimit: params.bodyLimit, shutterSoundId: params.shutterSoundId,
                    soundDevice: params.soundDevice, captureDevice: params.captureDevice)))
    }
}
