import Foundation

/// A calendar day, `YYYY-MM-DD`, without a time or a time zone.
struct Day: Hashable, Sendable, CustomStringConvertible {
    let year: Int
    let month: Int
    let day: Int

    /// The day `text` names, or nil when it is not `YYYY-MM-DD` or no such day exists (`2025-02-29`).
    init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard text.utf8.count == 10, parts.count == 3, parts.allSatisfy({ $0.allSatisfy(\.isASCII) }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The day, or nil when the month has no such day.
    init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), (1...Self.days(inMonth: month, of: year)).contains(day) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Today in the local time zone.
    static func today(now: Date = Date(), calendar: Calendar = .current) -> Day {
        let parts = calendar.dateComponents([.year, .month, .day], from: now)
        return Day(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1) ?? Day(unchecked: 1970)
    }

    /// The same month and day in `year`; nil for 29 February in a year that has none.
    func same(inYear year: Int) -> Day? {
        Day(year: year, month: month, day: day)
    }

    var description: String {
        let text = [String(format: "%04d", year), String(format: "%02d", month), String(format: "%02d", day)]
        return text.joined(separator: "-")
    }

    private init(unchecked year: Int) {
        self.year = year
        month = 1
        day = 1
    }

    private static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
