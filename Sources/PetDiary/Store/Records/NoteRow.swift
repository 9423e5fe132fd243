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

    /// A row with every column given; one of `entryId` and `photoId` is set.
    package init(id: String, soundId: String, entryId: String?, photoId: String?, createdAt: String) {
        self.id = id
        self.soundId = soundId
        self.entryId = entryId
        self.photoId = photoId
        self.createdAt = createdAt
    }

    /// The columns the store's queries name.
    enum Columns {
        static let soundId = Column(CodingKeys.soundId)
    }
}
