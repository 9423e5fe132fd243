/// `{deleted: n}`: how many diary entries a delete removed.
public struct DeletedCount: Codable, Sendable, Hashable {
    public var deleted: Int

    public init(deleted: Int) { self.deleted = deleted }
}
