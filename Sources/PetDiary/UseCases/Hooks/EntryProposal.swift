/// A diary entry about to be created or changed, as `entry.beforeSave` sees it: the params of
/// `diary.create` or `diary.update`, before they are checked.
package struct EntryProposal: Sendable, Hashable, Codable {
    /// The entry's id on an update; nil when it is being created.
    package let id: String?
    package var title: String?
    package var body: String?
    /// `YYYY-MM-DD`.
    package var date: String?
    /// On an update, `""` detaches the entry from its pet.
    package var petId: String?
    package var photoIds: [String]?
    package var favorite: Bool?

    /// The proposal of `fields`, for the entry `id` (nil when creating).
    package init(id: String?, _ fields: EntryFields) {
        self.id = id
        self.title = fields.title
        self.body = fields.body
        self.date = fields.date
        self.petId = fields.petId
        self.photoIds = fields.photoIds
        self.favorite = fields.favorite
    }

    /// The fields to store.
    package var fields: EntryFields {
        EntryFields(title: title, body: body, date: date, petId: petId, photoIds: photoIds, favorite: favorite)
    }
}
