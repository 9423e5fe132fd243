/// One page of a list: its items and the cursor for the next page (nil on the last page).
public struct Page<Item: Sendable & Encodable>: Sendable, Encodable {
    public var items: [Item]
    public var nextCursor: String?

    public init(items: [Item], nextCursor: String?) {
        self.items = items
        self.nextCursor = nextCursor
    }

    private enum CodingKeys: String, CodingKey { case items, nextCursor }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(items, forKey: .items)
        try container.encode(nextCursor, forKey: .nextCursor)
    }
}

/// Where a list starts and how long it is: `limit` (default 20, at most 500) and an opaque `cursor`.
public struct PageRequest: Sendable, Hashable {
    public static let defaultLimit = 20
    public static let maximumLimit = 500

    public var limit: Int
    public var cursor: String?
    /// nil means the diary's default order.
    public var order: ListOrder?

    public init(limit: Int? = nil, cursor: String? = nil, order: ListOrder? = nil) {
        self.limit = limit ?? Self.defaultLimit
        self.cursor = cursor
        self.order = order
    }
}

/// A search result: the entry, its text around the match with the match between `<mark>` and `</mark>`,
/// and its rank (lower is better).
public struct SearchHit: Sendable, Encodable {
    public var entry: DiaryEntry
    public var snippet: String
    public var rank: Double
}

/// The days of one month that have entries or photos, with their counts.
public struct CalendarMonth: Sendable, Encodable {
    public struct Day: Sendable, Encodable, Hashable {
        /// `YYYY-MM-DD`.
        public var date: String
        public var entries: Int
        public var photos: Int

        public init(date: String, entries: Int, photos: Int) {
            self.date = date
            self.entries = entries
            self.photos = photos
        }
    }

    public var year: Int
    public var month: Int
    public var days: [Day]
}

/// A tag and the number of entries that use it.
public struct TagCount: Sendable, Encodable, Hashable {
    public var tag: String
    public var count: Int

    public init(tag: String, count: Int) {
        self.tag = tag
        self.count = count
    }
}
