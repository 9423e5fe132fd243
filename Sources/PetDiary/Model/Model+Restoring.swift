// Memberwise initialisers for records that come back from an archive, with their ids and times as they were.

extension DiaryEntry {
    /// An entry as an archive recorded it, with its tags and photos in order.
    package init(
        restoring id: String, petId: String?, title: String, body: String, date: String, favorite: Bool,
        tags: [String], photoIds: [String], createdAt: String, updatedAt: String
    ) {
        self.init(
            stored: EntryRow(
                id: id, petId: petId, title: title, body: body, date: date, favorite: favorite, createdAt: createdAt,
                updatedAt: updatedAt),
            tags: tags, photoIds: photoIds)
    }
}

extension Sound {
    /// A sound as an archive recorded it; nil for a kind this toolkit does not know.
    package init?(
        restoring id: String, title: String, kind: String, sha256: String, bytes: Int64, durationSeconds: Double,
        rate: Int, channels: Int, bits: Int, createdAt: String
    ) {
        guard let kind = Kind(rawValue: kind) else { return nil }
        self.init(
            id: id, title: title, kind: kind, sha256: sha256, bytes: bytes, durationSeconds: durationSeconds,
            rate: rate, channels: channels, bits: bits, createdAt: createdAt)
    }
}

extension DiarySettings {
    /// Settings as an archive recorded them; nil for an order this toolkit does not know.
    package init?(
        restoring diaryName: String, themeColor: String, defaultOrder: String, titleLimit: Int, bodyLimit: Int,
        shutterSoundId: String?, soundDevice: String, captureDevice: String
    ) {
        guard let order = ListOrder(rawValue: defaultOrder) else { return nil }
        self.init(
            diaryName: diaryName, themeColor: themeColor, defaultOrder: order, titleLimit: titleLimit,
            bodyLimit: bodyLimit, shutterSoundId: shutterSoundId, soundDevice: soundDevice,
            captureDevice: captureDevice)
    }
}

extension DiarySnapshot {
    /// An empty snapshot with `settings`, to be filled with an archive's records.
    package init(restoring settings: DiarySettings) {
        self.init(settings: settings)
    }
}

extension Note {
    /// A note as a bundle or an archive recorded it; its duration is its sound's.
    package init(
        restoring id: String, soundId: String, entryId: String?, photoId: String?, durationSeconds: Double,
        createdAt: String
    ) {
        self.init(
            stored: NoteRow(id: id, soundId: soundId, entryId: entryId, photoId: photoId, createdAt: createdAt),
            durationSeconds: durationSeconds)
    }
}
