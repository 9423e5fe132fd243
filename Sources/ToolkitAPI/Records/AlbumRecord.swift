public import JSONRPC

/// An album as the core sends it, with its photo count and cover (its newest photo); unset fields are `null`.
public struct AlbumRecord: WireRecord, Sendable, Hashable {
    public var id: String
    public var petId: String?
    public var title: String
    public var photoCount: Int
    /// The newest photo of the album (by taken-at), or nil when it is empty.
    public var coverPhotoId: String?
    public var createdAt: String
    public var updatedAt: String

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
