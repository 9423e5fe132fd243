/// The diary's settings as the core sends them.
public struct SettingsRecord: Codable, Sendable, Hashable {
    /// What `diary.deleteAll` must be confirmed with.
    public var diaryName: String
    /// `#RRGGBB`.
    public var themeColor: String
    /// `newest` or `oldest`: the order of lists that give none.
    public var defaultOrder: String
    /// Most characters in an entry title and body, counted as a person counts them.
    public var titleLimit: Int
    public var bodyLimit: Int
    /// The sound `shutter.fire` plays for a pet without one; `null` when unset.
    public var shutterSoundId: String?

    public init(
        diaryName: String, themeColor: String, defaultOrder: String, titleLimit: Int, bodyLimit: Int,
        shutterSoundId: String? = nil
    ) {
        self.diaryName = diaryName
        self.themeColor = themeColor
        self.defaultOrder = defaultOrder
        self.titleLimit = titleLimit
        self.bodyLimit = bodyLimit
        self.shutterSoundId = shutterSoundId
    }

    enum CodingKeys: String, CodingKey {
        case diaryName, themeColor, defaultOrder, titleLimit, bodyLimit, shutterSoundId
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(diaryName, forKey: .diaryName)
        try container.encode(themeColor, forKey: .themeColor)
        try container.encode(defaultOrder, forKey: .defaultOrder)
        try container.encode(titleLimit, forKey: .titleLimit)
        try container.encode(bodyLimit, forKey: .bodyLimit)
        try container.encode(shutterSoundId, forKey: .shutterSoundId)
    }
}
