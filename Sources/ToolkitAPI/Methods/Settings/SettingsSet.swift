public import JSONRPC

/// `settings.set {diaryName?, themeColor?, defaultOrder?, titleLimit?, bodyLimit?, shutterSoundId?}` → the settings.
public enum SettingsSet: APIMethod {
    public static let name = "settings.set"
    public static let summary = """
        Changes the settings given, all or none. themeColor is #RRGGBB; defaultOrder is newest or oldest; limits \
        count characters as a person does.
        """
    public static let paramsSchema: JSONSchema = .object([
        "diaryName": .string(description: "Also what diary.deleteAll must be confirmed with."),
        "themeColor": .string(pattern: "^#[0-9A-Fa-f]{6}$"), "defaultOrder": APISchema.order,
        "titleLimit": .integer(minimum: 1, maximum: 100_000), "bodyLimit": .integer(minimum: 1, maximum: 100_000),
        "shutterSoundId": .string(description: "\"\" clears it."),
    ])
    public static let resultSchema: JSONSchema = APISchema.settings

    public struct Params: Codable, Sendable, Hashable {
        public var diaryName: String?
        public var themeColor: String?
        public var defaultOrder: String?
        public var titleLimit: Int?
        public var bodyLimit: Int?
        public var shutterSoundId: String?

        public init(
            diaryName: String? = nil, themeColor: String? = nil, defaultOrder: String? = nil, titleLimit: Int? = nil,
            bodyLimit: Int? = nil, shutterSoundId: String? = nil
        ) {
            self.diaryName = diaryName
            self.themeColor = themeColor
            self.defaultOrder = defaultOrder
            self.titleLimit = titleLimit
            self.bodyLimit = bodyLimit
            self.shutterSoundId = shutterSoundId
        }
    }
    public typealias Result = SettingsRecord
}
