import GRDB

/// The `settings` table's one row (`id` 1) as a record: ``DiarySettings`` and its key. The list cursors'
/// signing key, also in that row, is written once by the migration and never here.
struct SettingsRow: Encodable, PersistableRecord {
    static let databaseTableName = "settings"

    var settings: DiarySettings

    private enum CodingKeys: String, CodingKey { case id }

    /// The columns the store's queries name. `shutterSoundId` is ``DiarySettings``'s; the others are no
    /// property: the row's `id` (always 1), the cursors' key and the zone the photos' days were cut in.
    enum Columns {
        static let id = Column(CodingKeys.id)
        static let shutterSoundId = Column("shutterSoundId")
        static let cursorKey = Column("cursorKey")
        static let dayZone = Column("dayZone")
    }

    /// A request for the one row.
    static var one: QueryInterfaceRequest<SettingsRow> { filter(Columns.id == 1) }

    func encode(to encoder: any Encoder) throws {
        try settings.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(1, forKey: .id)
    }
}
