/// A diary entry: a title, a body with `#tags`, a day, and an ordered list of photos.
package struct DiaryEntry: Sendable, Hashable {
    package var id: String
    package var petId: String?
    package var title: String
    package var body: String
    /// A day, `YYYY-MM-DD`.
    package var date: String
    package var favorite: Bool
    /// The `#tags` of the body, lower-cased, in order of first appearance.
    package var tags: [String]
    package var photoIds: [String]
    package var createdAt: String
    package var updatedAt: String
    /// Its voice notes, oldest first.
    package var notes: [NoteSummary] = []
}
