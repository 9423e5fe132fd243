#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// A moment as it was lived: an instant and the UTC offset of the place it was recorded at. Its calendar day
/// is the local day there. Where the source names no offset, the diary's time zone gives the offset of that
/// instant (so the days of a zone with daylight saving follow its clocks).
package struct LocalTime: Sendable, Hashable {
    /// The instant, as stored (``Timestamp``'s UTC form).
    package var instant: Date
    /// Seconds east of UTC.
    package var offsetSeconds: Int

    package init(instant: Date, offsetSeconds: Int) {
        self.instant = instant
        self.offsetSeconds = offsetSeconds
    }

    /// `instant` at the offset `recorded`, or, when nil, at `timeZone`'s offset for that instant.
    package init(instant: Date, recorded: Int?, in timeZone: TimeZone) {
        self.init(instant: instant, offsetSeconds: recorded ?? timeZone.secondsFromGMT(for: instant))
    }

    /// The local wall-clock time with its offset, RFC 3339 to the second: `2026-11-28T08:30:00+09:00`.
    package var text: String {
        let local = Timestamp.string(from: instant.addingTimeInterval(Double(offsetSeconds)))
        return String(local.prefix(19)) + Self.offsetText(offsetSeconds)
    }

    /// The calendar day where it was recorded, `YYYY-MM-DD`.
    package var day: String { String(text.prefix(10)) }

    /// `+09:00`, `-07:00`, `+00:00`: an offset as RFC 3339 writes it.
    package static func offsetText(_ seconds: Int) -> String {
        let minutes = abs(seconds) / 60
        let hours = String(minutes / 60)
        let rest = String(minutes % 60)
        return (seconds < 0 ? "-" : "+") + (hours.count < 2 ? "0" + hours : hours) + ":"
            + (rest.count < 2 ? "0" + rest : rest)
    }

    /// The offset an RFC 3339 time is written with, in seconds east of UTC: `+09:00` → 32400; `Z` → 0.
    /// Nil when `text` is not an RFC 3339 time.
    package static func offset(of text: String) -> Int? {
        guard Timestamp.date(from: text) != nil else { return nil }
        if text.hasSuffix("Z") || text.hasSuffix("z") { return 0 }
        let bytes = Array(text.utf8.suffix(6))
        guard let hours = Timestamp.number(bytes, 1, 2), let minutes = Timestamp.number(bytes, 4, 2) else {
            return nil
        }
        return (hours * 3600 + minutes * 60) * (bytes[0] == UInt8(ascii: "-") ? -1 : 1)
    }

    /// Parses `+09:00` (or `+0900`, `Z`) alone into seconds east of UTC.
    package static func offset(fromOffsetText text: String) -> Int? {
        if text == "Z" || text == "z" { return 0 }
        var bytes = Array(text.utf8)
        if bytes.count == 5 { bytes.insert(UInt8(ascii: ":"), at: 3) }
        guard bytes.count == 6, bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "-"),
            bytes[3] == UInt8(ascii: ":"), let hours = Timestamp.number(bytes, 1, 2),
            let minutes = Timestamp.number(bytes, 4, 2), hours < 24, minutes < 60
        else { return nil }
        return (hours * 3600 + minutes * 60) * (bytes[0] == UInt8(ascii: "-") ? -1 : 1)
    }
}
