#if canImport(Glibc)
import Glibc
#endif

/// The `Date` header's text for responses written outside Hummingbird's responder (``MediaFastPath``), in RFC
/// 9110's IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), made once a second for each connection that asks.
struct HTTPDate {
    private var second = 0
    private var text = ""

    /// The text for now.
    mutating func now() -> String {
        let now = time(nil)
        if now != second || text.isEmpty {
            second = now
            text = Self.format(now)
        }
        return text
    }

    /// `seconds` since the epoch as an IMF-fixdate.
    static func format(_ seconds: Int) -> String {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ number: Int32) -> String { number < 10 ? "0\(number)" : "\(number)" }
        return "\(weekdays[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) "
            + "\(parts.tm_year + 1900) \(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }
}
