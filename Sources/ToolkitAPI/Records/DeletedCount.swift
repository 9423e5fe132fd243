/// `{deleted: n}`: how many diary entries a delete removed.
public struct DeletedCount: Codable, Sendable, Hashable {
    /// How many records went: 1 for a single delete, every entry for `diary.deleteAll`.
    public var deleted: Int

    /// Makes the count.
    public init(deleted: Int) { self.deleted = deleted }
}
