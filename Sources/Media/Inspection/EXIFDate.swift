import Foundation

/// Turns EXIF date strings (`"2024:05:01 14:30:00"`, offset `"+09:00"`) into dates.
enum EXIFDate {
    /// The instant named by an EXIF date-time and an optional offset from UTC; without an offset the
    /// local time is taken as UTC (EXIF before 2.31 records no zone, and the daemon cannot know the
    /// camera's). `nil` for blank (`"    :  :  "`), malformed or out-of-range values.
    static func date(_ text: String, offset: String?) -> Date? {
        let digits = Array(text.utf8.prefix(19))
        guard digits.count == 19 else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let byte = digits[index]
                guard byte >= 0x30 && byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            (1..<10000).contains(year), (1...12).contains(month), (1...31).contains(day),
            (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second)
        else { return nil }
        let days = CivilDay.daysSinceEpoch(year: year, month: month, day: day)
        var seconds = days * 86_400 + hour * 3_600 + minute * 60 + second
        if let offset, let shift = offsetSeconds(offset) { seconds -= shift }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// Seconds east of UTC for `"+09:00"`/`"-05:30"`; `nil` otherwise.
    static func offsetSeconds(_ text: String) -> Int? {
        let bytes = Array(text.utf8.prefix(6))
        guard bytes.count == 6, bytes[0] == 0x2B || bytes[0] == 0x2D, bytes[3] == 0x3A else { return nil }
        let parts = [bytes[1], bytes[2], bytes[4], bytes[5]]
        guard parts.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        let hours = Int(parts[0] - 0x30) * 10 + Int(parts[1] - 0x30)
        let minutes = Int(parts[2] - 0x30) * 10 + Int(parts[3] - 0x30)
        guard hours <= 14, minutes < 60 else { return nil }
        return (bytes[0] == 0x2D ? -1 : 1) * (hours * 3_600 + minutes * 60)
    }
}
