/// A `#tag` and the number of entries that use it.
public struct TagCountRecord: Codable, Sendable, Hashable {
    /// Lower-cased, without the `#`.
    public var tag: String
    public var count: Int

    public init(tag: String, count: Int) {
        self.tag = tag
        self.count = count
    }
}
