import GRDB

/// What `settings.set` changes; nil leaves a setting as it is.
package struct SettingsChanges: Sendable {
    package var diaryName: String?
    package var themeColor: String?
    package var defaultOrder: String?
    package var titleLimit: Int?
    package var bodyLimit: Int?
    /// An empty string clears it.
    package var shutterSoundId: String?
    /// An ALSA PCM name; empty is refused.
    package var soundDevice: String?
    package var captureDevice: String?

    package init(
        diaryName: String? = nil, themeColor: String? = nil, defaultOrder: String? = nil, titleLimit: Int? = nil,
        bodyLimit: Int? = nil, shutterSoundId: String? = nil, soundDevice: String? = nil, captureDevice: String? = nil
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

/// The diary's settings row.
package struct SettingsStore: Sendable {
    let store: DiaryStore
}

extension SettingsStore {
    static let textLimitRange = 1...100_000
    /// The longest ALSA PCM name accepted as a setting.
    static let deviceNameLimit = 500

    /// The diary's settings.
    package func get() async throws -> DiarySettings {
        try await store.read { db in try Self.settings(db) }
    }

    /// Changes the settings given, all or none.
    /// - Throws: ``DiaryError`` `.invalid` naming the first setting that is wrong.
    package func update(_ changes: SettingsChanges) async throws -> DiarySettings {
        try await store.write { db in
            var settings = try Self.settings(db)
            if let name = changes.diaryName {
                settings.diaryName = try TextRules.required(name, field: "diaryName", limit: PetStore.nameLimit)
            }
            if let color = changes.themeColor {
                guard Self.isHexColor(color) else {
                    throw DiaryError.invalid(
                        "themeColor", "themeColor '\(color)' is not a colour; write it as #RRGGBB, e.g. #FF9500.")
                }
                settings.themeColor = color.uppercased()
            }
            if let order = changes.defaultOrder {
                guard let value = ListOrder(rawValue: order) else {
                    throw DiaryError.invalid(
                        "defaultOrder", "defaultOrder '\(order)' is not an order; use newest or oldest.")
                }
                settings.defaultOrder = value
            }
            for (field, value) in [("titleLimit", changes.titleLimit), ("bodyLimit", changes.bodyLimit)] {
                guard let value else { continue }
                guard Self.textLimitRange.contains(value) else {
                    throw DiaryError.invalid(
                        field, "\(field) is \(value); it must be between 1 and \(Self.textLimitRange.upperBound).")
                }
            }
            settings.titleLimit = changes.titleLimit ?? settings.titleLimit
            settings.bodyLimit = changes.bodyLimit ?? settings.bodyLimit
            if let sound = changes.shutterSoundId {
                settings.shutterSoundId = try TextRules.optional(sound, field: "shutterSoundId", limit: 100)
                if let sound = settings.shutterSoundId {
                    try DiaryStore.requireExists(db, Sound.self, sound)
                }
            }
            if let device = changes.soundDevice {
                settings.soundDevice = try TextRules.required(device, field: "soundDevice", limit: Self.deviceNameLimit)
            }
            if let device = changes.captureDevice {
                settings.captureDevice = try TextRules.required(
                    device, field: "captureDevice", limit: Self.deviceNameLimit)
            }
            try SettingsRow(settings: settings).update(db)
            return settings
        }
    }

    /// The order a list takes when its request names none: every list reads it, so it is read alone (decoding the
    /// whole settings row is a measurable share of a page of entries' instructions: Benchmarks/rpc/callgrind.sh
    /// on diary.list).
    static func defaultOrder(_ db: Database) throws -> ListOrder {
        // Hand SQL: a cached statement, as every list runs it.
        let order = try String.fetchOne(db.cachedStatement(sql: "SELECT defaultOrder FROM settings WHERE id = 1"))
        return order.flatMap(ListOrder.init(rawValue:)) ?? .newest
    }

    static func settings(_ db: Database) throws -> DiarySettings {
        // Hand SQL: a cached statement, as every write of an entry runs it.
        guard let settings = try DiarySettings.fetchOne(db.cachedStatement(sql: "SELECT * FROM settings WHERE id = 1"))
        else {
            throw DiaryError(.storage, "The settings row is missing; the database is damaged.")
        }
        return settings
    }

    private static func isHexColor(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.count == 7 && bytes[0] == UInt8(ascii: "#")
            && bytes.dropFirst().allSatisfy { Character(Unicode.Scalar($0)).isHexDigit }
    }
}
