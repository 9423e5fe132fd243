#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
import Foundation
#endif

/// A calendar day, `YYYY-MM-DD`: the date of a diary entry, and the bounds of `from`/`to` filters.
package enum DiaryDay {
    /// Whether `text` is a real day written as `YYYY-MM-DD`.
    package static func isValid(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            let year = Timestamp.number(bytes, 0, 4), let month = Timestamp.number(bytes, 5, 2),
            let day = Timestamp.number(bytes, 8, 2)
        else { return false }
        return isValid(year: year, month: month, day: day)
    }

    static func isValid(year: Int, month: Int, day: Int) -> Bool {
        (1...9999).contains(year) && (1...12).contains(month) && day >= 1 && day <= daysIn(year: year, month: month)
    }

    /// The number of days in a month of the Gregorian calendar.
    package static func daysIn(year: Int, month: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Today in `timeZone` (the diary's): the default date of a new entry.
    package static func today(in timeZone: TimeZone, now: Date = Date()) -> String {
        LocalTime(instant: now, recorded: nil, in: timeZone).day
    }
}
