/// A diary entry about to be created or changed, as `entry.beforeSave` sees it: the params of
/// `diary.create` or `diary.update`, before they are checked. One JSON object, the entry's `id` beside its
/// ``fields``; `proposal.title` and the others read and write ``fields``.
@dynamicMemberLookup
package struct EntryProposal: Sendable, Hashable, Codable {
    /// The entry's id on an update; nil when it is being created.
    package let id: String?
    /// The fields to store. On an update, `petId` `""` detaches the entry from its pet.
    package var fields: EntryFields

    /// The proposal of `fields`, for the entry `id` (nil when creating).
    package init(id: String?, _ fields: EntryFields) {
        self.id = id
        self.fields = fields
    }

    package subscript<Value>(dynamicMember member: WritableKeyPath<EntryFields, Value>) -> Value {
        get { fields[keyPath: member] }
        set { fields[keyPath: member] = newValue }
    }

    private enum CodingKeys: String, CodingKey { case id }

    package init(from decoder: any Decoder) throws {
        id = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(String.self, forKey: .id)
        fields = try EntryFields(from: decoder)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(id, forKey: .id)
        try fields.encode(to: encoder)
    }
}
