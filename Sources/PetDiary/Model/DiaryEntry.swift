/// A diary entry: its stored row (a title, a body with `#tags`, a day; its fields read as the entry's own,
/// `entry.title`), its tags and its ordered list of photos.
@dynamicMemberLookup
package struct DiaryEntry: Sendable, Hashable {
    package var stored: EntryRow
    /// The `#tags` of the body, lower-cased, in order of first appearance.
    package var tags: [String]
    package var photoIds: [String]
    /// Its voice notes, oldest first.
    package var notes: [NoteSummary] = []

    /// An entry of `stored` with its tags and photos as given: read from the store, or as a bundle or an archive
    /// recorded them (storing an entry derives its tags from the body again, see ``TagParser``).
    package init(stored: EntryRow, tags: [String], photoIds: [String], notes: [NoteSummary] = []) {
        self.stored = stored
        self.tags = tags
        self.photoIds = photoIds
        self.notes = notes
    }

    /// A field of the stored row. It is a key path applied at run time: code that reads many (a conversion to
    /// the wire) reads ``stored`` instead.
    package subscript<Value>(dynamicMember field: WritableKeyPath<EntryRow, Value>) -> Value {
        get { stored[keyPath: field] }
        set { stored[keyPath: field] = newValue }
    }
}
