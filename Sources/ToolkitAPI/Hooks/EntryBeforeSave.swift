/// `entry.beforeSave`: called before a diary entry is created or updated. A plugin may change any member
/// but `id`.
public enum EntryBeforeSave: APIHook {
    public static let name = "entry.beforeSave"

    /// `{id, title, body, date, petId, photoIds, favorite}`: `id` is null when the entry is being created;
    /// on an update, a null member is one the update leaves unchanged.
    public struct Params: EntryChangesParams, Codable, Sendable, Hashable {
        /// The entry's id on an update; `null` when the entry is being created. A change to it is ignored.
        public var id: String?
        /// What the entry is to be made of, or on an update what changes.
        public var changes: EntryChanges

        /// Makes params, as a test sends them.
        public init(
            id: String? = nil, title: String? = nil, body: String? = nil, date: String? = nil, petId: String? = nil,
            photoIds: [String]? = nil, favorite: Bool? = nil
        ) {
            self.id = id
            changes = EntryChanges(
                title: title, body: body, date: date, petId: petId, photoIds: photoIds, favorite: favorite)
        }

        private enum CodingKeys: String, CodingKey { case id, title, body, date, petId, photoIds, favorite }

        /// Reads `id` and the entry's members from the same object.
        public init(from decoder: any Decoder) throws {
            id = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(String.self, forKey: .id)
            changes = try EntryChanges(from: decoder)
        }

        /// Writes every member, `null` when unset: the core takes the params back whole.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(changes.title, forKey: .title)
            try container.encode(changes.body, forKey: .body)
            try container.encode(changes.date, forKey: .date)
            try container.encode(changes.petId, forKey: .petId)
            try container.encode(changes.photoIds, forKey: .photoIds)
            try container.encode(changes.favorite, forKey: .favorite)
        }
    }
}
