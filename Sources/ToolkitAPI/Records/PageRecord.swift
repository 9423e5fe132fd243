public import JSONRPC

/// One page of a list: its items and the cursor for the next page (`null` on the last page).
public struct PageRecord<Item: Codable & Sendable>: Codable, Sendable {
    /// This page's records, in the order asked for; at most `limit` of them.
    public var items: [Item]
    /// Give it back as `cursor` for the next page.
    public var nextCursor: String?

    /// Makes a page; without a cursor it is the last one.
    public init(items: [Item], nextCursor: String? = nil) {
        self.items = items
        self.nextCursor = nextCursor
    }

    enum CodingKeys: String, CodingKey { case items, nextCursor }

    /// Writes both members, `nextCursor` as `null` on the last page.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(items, forKey: .items)
        try container.encode(nextCursor, forKey: .nextCursor)
    }
}

extension PageRecord: Equatable where Item: Equatable {}
extension PageRecord: Hashable where Item: Hashable {}

extension PageRecord: JSONWritable where Item: JSONWritable {
    /// Writes `{items, nextCursor}`, `nextCursor` as `null` on the last page.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("items")
        writer.value(items)
        writer.key("nextCursor")
        writer.value(nextCursor)
        writer.endObject()
    }
}
