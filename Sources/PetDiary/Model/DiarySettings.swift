import GRDB

/// The diary's settings: its name, theme colour, default order, text limits, default shutter sound and the
/// ALSA devices to play to and record from.
///
/// Read from the `settings` row as it is; written through ``SettingsRow``.
package struct DiarySettings: Sendable, Hashable, Codable, FetchableRecord {
    /// What `diary.deleteAll` must be confirmed with.
    package var diaryName: String
    /// `#RRGGBB`.
    package var themeColor: String
    package var defaultOrder: ListOrder
    /// Most characters in an entry title and body, counted as a person counts them.
    package var titleLimit: Int
    package var bodyLimit: Int
    package var shutterSoundId: String?
    /// The ALSA PCM sounds play to when a call names none (`default` unless set).
    package var soundDevice: String = "default"
    /// The ALSA PCM recordings come from when a call names none (`default` unless set).
    package var captureDevice: String = "default"

    /// Settings with every field given: a diary's defaults, or settings as an archive recorded them.
    package init(
        diaryName: String, themeColor: String, defaultOrder: ListOrder, titleLimit: Int, bodyLimit: Int,
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
}

/// The direction of a list: `newest` first (the default) or `oldest` first.
package enum ListOrder: String, Sendable, Hashable, Codable, CaseIterable {
    case newest, oldest
}
