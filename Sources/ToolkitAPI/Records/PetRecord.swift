public import JSONRPC

/// A pet as the core sends it: `id, name, species, breed, birthday, notes, shutterSoundId, createdAt, updatedAt`.
///
/// Every field is present; an unset one is `null`, so scripts can rely on the shape.
public struct PetRecord: WireRecord, Sendable, Hashable {
    /// The pet's id (UUID).
    public var id: String
    /// Up to 50 characters; never empty.
    public var name: String
    /// Up to 50 characters; `null` when unset.
    public var species: String?
    /// Up to 50 characters; `null` when unset.
    public var breed: String?
    /// A day, `YYYY-MM-DD`.
    public var birthday: String?
    /// Free text, up to 2000 characters; `null` when unset.
    public var notes: String?
    /// The sound `shutter.fire` plays for this pet; nil means the diary's default.
    public var shutterSoundId: String?
    /// RFC 3339 UTC.
    public var createdAt: String
    /// When it was last changed, RFC 3339 UTC.
    public var updatedAt: String

    /// Makes the record with every field given; unset ones are `null` on the wire.
    public init(
        id: String, name: String, species: String? = nil, breed: String? = nil, birthday: String? = nil,
        notes: String? = nil, shutterSoundId: String? = nil, createdAt: String, updatedAt: String
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

    enum CodingKeys: String, CodingKey {
        case id, name, species, breed, birthday, notes, shutterSoundId, createdAt, updatedAt
    }
}

extension PetRecord {
    /// Writes the pet as JSON: every member in sorted key order, `null` when unset.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("birthday"); writer.value(birthday)
        writer.key("breed"); writer.value(breed)
        writer.key("createdAt"); writer.value(createdAt)
        writer.key("id"); writer.value(id)
        writer.key("name"); writer.value(name)
        writer.key("notes"); writer.value(notes)
        writer.key("shutterSoundId"); writer.value(shutterSoundId)
        writer.key("species"); writer.value(species)
        writer.key("updatedAt"); writer.value(updatedAt)
        writer.endObject()
    }
}
