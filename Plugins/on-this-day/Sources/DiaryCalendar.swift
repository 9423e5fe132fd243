import Foundation
import ToolkitPlugin

/// The diary's calendar: Gregorian in the diary's time zone (`system.info`'s `timeZone`), so that today is the
/// diary's today even where the core's config names another zone than the system's.
enum DiaryCalendar {
    /// The calendar of the core's diary; the system's when the core does not say.
    static func of(_ core: RPCClient) async -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        if let info = try? await core.call(SystemInfo.self, NoParams()),
            let name = info.timeZone, let zone = TimeZone(identifier: name)
        {
            calendar.timeZone = zone
        }
        return calendar
    }
}
