public import JSONRPC

/// An album as the core sends it, with its photo count and cover (its newest photo); unset fields are `null`.
public struct AlbumRecord: WireRecord, Sendable, Hashable {
    /// The album's id (UUID).
    public var id: String
    /// The pet the album belongs to; `null` for an album of no pet.
    public var petId: String?
    /// Up to 50 characters.
    public var title: String
    /// How many photos and videos it holds.
    public var photoCount: Int
    /// The newest photo of the album (by taken-at), or nil when it is empty.
    public var coverPhotoId: String?
    /// When it was made, RFC 3339 UTC.
    public var createdAt: String
    /// When it was last renamed (its creation time until then), RFC 3339 UTC.
    public var updatedAt: String

    /// Makes the record with every field given; unset ones are `null` on the wire.
    public init(
        id: String, petId: String? = nil, title: String, photoCount: Int, coverPhotoId: String? = nil,
        createdAt: String, updatedAt: String
    ) {
        self.id = id
        self.petId = petId
        self.title = title
        self.photoCount = photoCount
        self.coverPhotoId = coverPhotoId
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    enum CodingKeys: String, CodingKey {
        case id, petId, title, photoCount, coverPhotoId, createdAt, updatedAt
    }
}

extension AlbumRecord {
    /// Writes the album as JSON: every member in sorted key order, `null` when unset.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("coverPhotoId"); writer.value(coverPhotoId)
        writer.key("createdAt"); writer.value(createdAt)
        writer.key("id"); writer.value(id)
        writer.key("petId"); writer.value(petId)
        writer.key("photoCount"); writer.value(photoCount)
        writer.key("title"); writer.value(title)
        writer.key("updatedAt"); writer.value(updatedAt)
        writer.endObject()
    }
}
