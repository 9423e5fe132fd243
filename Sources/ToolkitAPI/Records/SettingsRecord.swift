public import JSONRPC

/// The diary's settings as the core sends them.
public struct SettingsRecord: WireRecord, Sendable, Hashable {
    /// What `diary.deleteAll` must be confirmed with.
    public var diaryName: String
    /// `#RRGGBB`.
    public var themeColor: String
    /// `newest` or `oldest`: the order of lists that give none.
    public var defaultOrder: String
    /// Most characters in an entry title and body, counted as a person counts them.
    public var titleLimit: Int
    /// See ``titleLimit``.
    public var bodyLimit: Int
    /// The sound `shutter.fire` plays for a pet without one; `null` when unset.
    public var shutterSoundId: String?
    /// The ALSA PCM `sounds.play` and `shutter.fire` use when the call names none.
    public var soundDevice: String
    /// The ALSA PCM recordings use when the call names none.
    public var captureDevice: String

    /// Makes the record; the devices default to ALSA's `default`.
    public init(
        diaryName: String, themeColor: String, defaultOrder: String, titleLimit: Int, bodyLimit: Int,
        shutterSoundId: String? = nil, soundDevice: String = "default", captureDevice: String = "default"
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

    enum CodingKeys: String, CodingKey {
        case diaryName, themeColor, defaultOrder, titleLimit, bodyLimit, shutterSoundId, soundDevice, captureDevice
    }
}

extension SettingsRecord {
    /// Writes the settings as JSON: every member in sorted key order, `null` when unset.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("bodyLimit"); writer.value(bodyLimit)
        writer.key("captureDevice"); writer.value(captureDevice)
        writer.key("defaultOrder"); writer.value(defaultOrder)
        writer.key("diaryName"); writer.value(diaryName)
        writer.key("shutterSoundId"); writer.value(shutterSoundId)
        writer.key("soundDevice"); writer.value(soundDevice)
        writer.key("themeColor"); writer.value(themeColor)
        writer.key("titleLimit"); writer.value(titleLimit)
        writer.endObject()
    }
}
