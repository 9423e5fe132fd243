import JSONRPC
import PetDiary

/// `settings.set {diaryName?, themeColor?, defaultOrder?, titleLimit?, bodyLimit?, shutterSoundId?}`.
struct SettingsSet: RPCMethod {
    static let name = "settings.set"
    static let summary = "Changes the settings given, all or none. themeColor is #RRGGBB; defaultOrder is newest or oldest; limits count characters as a person does."
    static let paramsSchema = JSONSchema.object([
        "diaryName": .string(description: "Also what diary.deleteAll must be confirmed with."),
        "themeColor": .string(pattern: "^#[0-9A-Fa-f]{6}$"), "defaultOrder": DiarySchema.order,
        "titleLimit": .integer(minimum: 1, maximum: 100_000), "bodyLimit": .integer(minimum: 1, maximum: 100_000),
        "shutterSoundId": .string(description: "\"\" clears it."),
    ])
    static let resultSchema = JSONSchema.object([
        "diaryName": .string(), "themeColor": .string(), "defaultOrder": .string(), "titleLimit": .integer(),
        "bodyLimit": .integer(), "shutterSoundId": .string(),
    ])

    struct Params: Decodable, Sendable {
        var diaryName: String?
        var themeColor: String?
        var defaultOrder: String?
        var titleLimit: Int?
        var bodyLimit: Int?
        var shutterSoundId: String?
    }

    typealias Result = DiarySettings

    let diary: Diary

    func handle(_ params: Params, context: RPCContext) async throws -> DiarySettings {
        try await diary.updateSettings(
            SettingsChanges(
                diaryName: params.diaryName, themeColor: params.themeColor, defaultOrder: params.defaultOrder,
                titleLimit: params.titleLimit, bodyLimit: params.bodyLimit, shutterSoundId: params.shutterSoundId))
    }
}
