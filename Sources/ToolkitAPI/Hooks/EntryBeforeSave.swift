/// `entry.beforeSave`: called before a diary entry is created or updated. A plugin may change any member
/// but `id`.
public enum EntryBeforeSave: APIHook {
    public static let name = "entry.beforeSave"

    /// `{id, title, body, date, petId, photoIds, favorite}`: `id` is null when the entry is being created;
    /// on an update, a null member is one the update leaves unchanged.
    public struct Params: Codable, Sendable, Hashable {
        public var id: String?
        public var title: String?
        public var body: String?
        /// A day, `YYYY-MM-DD`.
        public var date: String?
        public var petId: String?
        public var photoIds: [String]?
        public var favorite: Bool?

        /// Makes params, as a test sends them.
        public init(
            id: String? = nil, title: String? = nil, body: String? = nil, date: String? = nil, petId: String? = nil,
            photoIds: [String]? = nil, favorite: Bool? = nil
        ) {
            self.id = id
            self.title = title
            self.body = body
            self.date = date
            self.petId = petId
            self.photoIds = photoIds
            self.favorite = favorite
        }

        private enum CodingKeys: String, CodingKey { case id, title, body, date, petId, photoIds, favorite }

        /// Writes every member, `null` when unset: the core takes the params back whole.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(title, forKey: .title)
            try container.encode(body, forKey: .body)
            try container.encode(date, forKey: .date)
            try container.encode(petId, forKey: .petId)
            try container.encode(photoIds, forKey: .photoIds)
            try container.encode(favorite, forKey: .favorite)
        }
    }
}
