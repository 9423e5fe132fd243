/// `{order?, limit?, cursor?}`: the params of a method that lists one kind of record a page at a time, with
/// nothing to filter by (`pets.list`, `sounds.list`).
public struct PageRequest: Codable, Sendable, Hashable {
    /// `newest` (the default from settings) or `oldest`.
    public var order: String?
    /// Items per page, 1 to 500 (default 20).
    public var limit: Int?
    /// The `nextCursor` of the previous page.
    public var cursor: String?

    /// Makes the params; a nil member is left out and takes its default.
    public init(order: String? = nil, limit: Int? = nil, cursor: String? = nil) {
        self.order = order
        self.limit = limit
        self.cursor = cursor
    }
}
