package import GRDB

/// A row of the `entry` table: what a diary entry stores. ``DiaryEntry`` adds its tags, photos and voice notes
/// (rows of `entryTag`, `entryPhoto` and `note`).
///
/// The table's primary key is `seq`, the search index's rowid, which SQLite assigns on insert and nothing
/// outside the table uses; a stored entry is found by its `id` (see ``updateByID(_:)``).
package struct EntryRow: Sendable, Hashable, Codable, FetchableRecord, PersistableRecord {
    package static let databaseTableName = "entry"

    package var id: String
    package var petId: String?
    package var title: String
    package var body: String
    /// A day, `YYYY-MM-DD`.
    package var date: String
    package var favorite: Bool
    package var createdAt: String
    package var updatedAt: String

    /// A row with every column given (but `seq`, which SQLite assigns).
    package init(
        id: String, petId: String?, title: String, body: String, date: String, favorite: Bool, createdAt: String,
        updatedAt: String
    ) {
        self.id = id
        self.petId = petId
        self.title = title
        self.body = body
        self.date = date
        self.favorite = favorite
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// The columns the store's queries name.
    package enum Columns {
        package static let id = Column(CodingKeys.id)
        package static let petId = Column(CodingKeys.petId)
        /// Not a property: the search index's rowid, the table's primary key.
        package static let seq = Column("seq")
    }

    /// Overwrites every column of the stored entry with this `id` (its `seq` stays, and so do the rows that
    /// point to it).
    /// - Throws: ``DiaryError`` `.notFound` when no entry has this id.
    func updateByID(_ db: Database) throws {
        let assignments = try databaseDictionary.sorted { $0.key < $1.key }.filter { $0.key != "id" }
            .map { Column($0.key).set(to: $0.value) }
        guard try Self.filter(Columns.id == id).updateAll(db, assignments) == 1 else {
            throw DiaryError.notFound("entry", id)
        }
    }
}

/// A row of the `entryTag` table: one `#tag` of an entry's body, at its place among the entry's tags. The
/// entry's date and creation time are repeated so a list by tag walks one index.
struct EntryTagRow: Codable, PersistableRecord {
    static let databaseTableName = "entryTag"

    var entryId: String
    var position: Int
    var tag: String
    var date: String
    var createdAt: String

    /// The columns the store's queries name.
    enum Columns {
        static let entryId = Column(CodingKeys.entryId)
        static let tag = Column(CodingKeys.tag)
    }
}

/// A row of the `entryPhoto` table: one photo an entry shows, at its place in the entry.
struct EntryPhotoRow: Codable, PersistableRecord {
    static let databaseTableName = "entryPhoto"

    var entryId: String
    var position: Int
    var photoId: String

    /// The columns the store's queries name.
    enum Columns {
        static let entryId = Column(CodingKeys.entryId)
    }
}
