import GRDB

/// The `settings` table's one row (`id` 1) as a record: ``DiarySettings`` and its key. The list cursors'
/// signing key, also in that row, is written once by the migration and never here.
struct SettingsRow: Encodable, PersistableRecord {
    static let databaseTableName = "settings"

    var settings: DiarySettings

    private enum CodingKeys: String, CodingKey { case id }

    func encode(to encoder: any Encoder) throws {
        try settings.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(1, forKey: .id)
    }
}
