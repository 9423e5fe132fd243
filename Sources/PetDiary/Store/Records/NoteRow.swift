import GRDB

/// A row of the `note` table: a voice note as stored. ``Note`` adds its sound's duration.
package struct NoteRow: Sendable, Hashable, Codable, FetchableRecord, PersistableRecord {
    package static let databaseTableName = "note"

    package var id: String
    package var soundId: String
    /// Set when the note is on an entry; then ``photoId`` is nil.
    package var entryId: String?
    /// Set when the note is on a photo; then ``entryId`` is nil.
    package var photoId: String?
    package var createdAt: String

    /// The columns the store's queries name.
    enum Columns {
        static let soundId = Column(CodingKeys.soundId)
    }
}
