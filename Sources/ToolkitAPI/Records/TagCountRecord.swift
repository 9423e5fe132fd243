/// A `#tag` and the number of entries that use it.
public struct TagCountRecord: Codable, Sendable, Hashable {
    /// Lower-cased, without the `#`.
    public var tag: String
    /// How many entries use it.
    public var count: Int

    /// Makes the count.
    public init(tag: String, count: Int) {
        self.tag = tag
        self.count = count
    }
}
