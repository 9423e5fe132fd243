/// One page of a list: its items and the cursor for the next page (nil on the last page).
package struct Page<Item: Sendable>: Sendable {
    package var items: [Item]
    package var nextCursor: String?

    package init(items: [Item], nextCursor: String?) {
        self.items = items
        self.nextCursor = nextCursor
    }
}

/// Where a list starts and how long it is: `limit` (default 20, at most 500) and an opaque `cursor`.
package struct PageRequest: Sendable, Hashable {
    package static let defaultLimit = 20
    package static let maximumLimit = 500

    package var limit: Int
    package var cursor: String?
    /// nil means the diary's default order.
    package var order: ListOrder?

    package init(limit: Int? = nil, cursor: String? = nil, order: ListOrder? = nil) {
        self.limit = limit ?? Self.defaultLimit
        self.cursor = cursor
        self.order = order
    }
}

/// A search result: the entry, its text around the match with the match between `<mark>` and `</mark>`,
/// and its rank (lower is better).
package struct SearchHit: Sendable {
    package var entry: DiaryEntry
    package var snippet: String
    package var rank: Double
}

/// The days of one month that have entries or photos, with their counts.
package struct CalendarMonth: Sendable {
    package struct Day: Sendable, Hashable {
        /// `YYYY-MM-DD`.
        package var date: String
        package var entries: Int
        /// Photos and videos.
        package var photos: Int
        /// How many of ``photos`` are videos.
        package var videos: Int

        package init(date: String, entries: Int, photos: Int, videos: Int = 0) {
            self.date = date
            self.entries = entries
            self.photos = photos
            self.videos = videos
        }
    }

    package var year: Int
    package var month: Int
    package var days: [Day]
}

/// A tag and the number of entries that use it.
package struct TagCount: Sendable, Hashable {
    package var tag: String
    package var count: Int

    package init(tag: String, count: Int) {
        self.tag = tag
        self.count = count
    }
}
