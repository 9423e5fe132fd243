/// `{deleted: n}`: how many records a delete removed (entries, a sound, a note).
public struct DeletedCount: Codable, Sendable, Hashable {
    /// How many records went: 1 for a single delete, every entry for `diary.deleteAll`.
    public var deleted: Int

    /// Makes the count.
    public init(deleted: Int) { self.deleted = deleted }
}
