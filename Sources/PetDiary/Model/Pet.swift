package import GRDB

/// A pet: the one the albums, diary entries and shutter sound belong to.
package struct Pet: Sendable, Hashable {
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
}

extension Pet: FetchableRecord {
    package init(row: Row) {
        id = row["id"]
        name = row["name"]
        species = row["species"]
        breed = row["breed"]
        birthday = row["birthday"]
        notes = row["notes"]
        shutterSoundId = row["shutterSoundId"]
        createdAt = row["createdAt"]
        updatedAt = row["updatedAt"]
    }
}
