package import GRDB

/// A row of the `album` table: what an album stores. ``Album`` adds what follows from its photos.
package struct AlbumRow: Sendable, Hashable, Codable, FetchableRecord, PersistableRecord {
    package static let databaseTableName = "album"

    package var id: String
    package var petId: String?
    package var title: String
    package var createdAt: String
    package var updatedAt: String

    /// A row with every column given.
    package init(id: String, petId: String?, title: String, createdAt: String, updatedAt: String) {
        self.id = id
        self.petId = petId
        self.title = title
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// The columns the store's queries name.
    package enum Columns {
        package static let id = Column(CodingKeys.id)
        package static let petId = Column(CodingKeys.petId)
        package static let title = Column(CodingKeys.title)
        package static let updatedAt = Column(CodingKeys.updatedAt)
    }
}
