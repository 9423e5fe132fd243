/// The days of one month that have diary entries or photos, with their counts.
public struct CalendarRecord: Codable, Sendable, Hashable {
    /// One day with something on it.
    public struct Day: Codable, Sendable, Hashable {
        /// A day, `YYYY-MM-DD`.
        public var date: String
        /// Diary entries dated that day.
        public var entries: Int
        /// Photos and videos taken that day.
        public var photos: Int
        /// How many of that day's photos are videos.
        public var videos: Int

        /// Makes a day's counts; `videos` is 0 unless given.
        public init(date: String, entries: Int, photos: Int, videos: Int = 0) {
            self.date = date
            self.entries = entries
            self.photos = photos
            self.videos = videos
        }
    }

    /// The year asked for.
    public var year: Int
    /// The month asked for, 1 to 12.
    public var month: Int
    /// Only the days that have something, earliest first.
    public var days: [Day]

    /// Makes the month's record.
    public init(year: Int, month: Int, days: [Day]) {
        self.year = year
        self.month = month
        self.days = days
    }
}
