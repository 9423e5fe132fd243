public import JSONRPC

/// `settings.set {diaryName?, themeColor?, defaultOrder?, titleLimit?, bodyLimit?, shutterSoundId?, soundDevice?,
/// captureDevice?}` → the settings.
public enum SettingsSet: APIMethod {
    public static let name = "settings.set"
    public static let effect: RPCMethodEffect = .write
    public static let summary = """
        Changes the settings given, all or none. themeColor is #RRGGBB; defaultOrder is newest or oldest; limits \
        count characters as a person does; soundDevice and captureDevice are ALSA PCM names (default "default") used \
        when a call names no device.
        """
    public static let paramsSchema: JSONSchema = .object([
        "diaryName": .string(description: "Also what diary.deleteAll must be confirmed with."),
        "themeColor": .string(pattern: "^#[0-9A-Fa-f]{6}$"), "defaultOrder": APISchema.order,
        "titleLimit": .integer(minimum: 1, maximum: 100_000), "bodyLimit": .integer(minimum: 1, maximum: 100_000),
        "shutterSoundId": .string(description: "\"\" clears it."),
        "soundDevice": .string(description: "The ALSA PCM sounds play to, e.g. default or plughw:1,0."),
        "captureDevice": .string(description: "The ALSA PCM recordings come from."),
    ])
    public static let resultSchema: JSONSchema = APISchema.settings

    /// The params of `settings.set`.
    public struct Params: Codable, Sendable, Hashable {
        /// Also what diary.deleteAll must be confirmed with.
        public var diaryName: String?
        /// `#RRGGBB`.
        public var themeColor: String?
        /// `newest` (the default from settings) or `oldest`.
        public var defaultOrder: String?
        /// Most characters in an entry's title, 1 to 100000, counted as a person counts them.
        public var titleLimit: Int?
        /// Most characters in an entry's body, 1 to 100000, counted as a person counts them.
        public var bodyLimit: Int?
        /// "" clears it.
        public var shutterSoundId: String?
        /// The ALSA PCM sounds play to, e.g. default or plughw:1,0.
        public var soundDevice: String?
        /// The ALSA PCM recordings come from.
        public var captureDevice: String?

        /// Makes the params; a nil member is left out, and that setting stays as it is.
        public init(
            diaryName: String? = nil, themeColor: String? = nil, defaultOrder: String? = nil, titleLimit: Int? = nil,
            bodyLimit: Int? = nil, shutterSoundId: String? = nil, soundDevice: String? = nil,
            captureDevice: String? = nil
        ) {
            self.diaryName = diaryName
            self.themeColor = themeColor
            self.defaultOrder = defaultOrder
            self.titleLimit = titleLimit
            self.bodyLimit = bodyLimit
            self.shutterSoundId = shutterSoundId
            self.soundDevice = soundDevice
            self.captureDevice = captureDevice
        }
    }
    /// Every setting as it is now. A value out of its range or pattern is -32602 naming it.
    public typealias Result = SettingsRecord
}
