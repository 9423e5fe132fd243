package import GRDB

/// A pet: the one the albums, diary entries and shutter sound belong to. A row of the `pet` table as it is.
package struct Pet: Sendable, Hashable, Codable, FetchableRecord, PersistableRecord {
    package static let databaseTableName = "pet"

    package var id: String
    package var name: String
    package var species: String?
    package var breed: String?
    /// A day, `YYYY-MM-DD`.
    package var birthday: String?
    package var notes: String?
    /// The sound `shutter.fire` plays for this pet; nil means the diary's default.
    package var shutterSoundId: String?
    package var createdAt: String
    package var updatedAt: String

    /// A pet with every field given: a new one, or one coming from a bundle or an archive.
    package init(
        id: String, name: String, species: String?, breed: String?, birthday: String?, notes: String?,
        shutterSoundId: String?, createdAt: String, updatedAt: String
    ) {
        self.id = id
        self.name = name
        self.species = species
        self.breed = breed
        self.birthday = birthday
        self.notes = notes
        self.shutterSoundId = shutterSoundId
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// The columns the store's queries name.
    package enum Columns {
        package static let id = Column(CodingKeys.id)
        package static let name = Column(CodingKeys.name)
        package static let shutterSoundId = Column(CodingKeys.shutterSoundId)
        package static let createdAt = Column(CodingKeys.createdAt)
        package static let updatedAt = Column(CodingKeys.updatedAt)
    }
}
