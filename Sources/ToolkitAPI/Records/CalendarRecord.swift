/// The days of one month that have diary entries or photos, with their counts.
public struct CalendarRecord: Codable, Sendable, Hashable {
    /// One day with something on it.
    public struct Day: Codable, Sendable, Hashable {
        /// A day, `YYYY-MM-DD`.
        public var date: String
        public var entries: Int
        /// Photos and videos taken that day.
        public var photos: Int
        /// How many of that day's photos are videos.
        public var videos: Int

        public init(date: String, entries: Int, photos: Int, videos: Int = 0) {
            self.date = date
            self.entries = entries
            self.photos = photos
            self.videos = videos
        }
    }

    public var year: Int
    public var month: Int
    public var days: [Day]

    public init(year: Int, month: Int, days: [Day]) {
        self.year = year
        self.month = month
        self.days = days
    }
}
