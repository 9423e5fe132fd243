import Foundation
import ToolkitPlugin

/// Publishes `memories.found {date, count}` once a day when that day has memories: at `init`, then when
/// the local date changes.
struct MemoryWatch {
    let plugin: Plugin

    /// Checks today, then waits for the next day, until cancelled. A check the core cannot answer is tried
    /// again a minute later.
    func run() async {
        var checked: Day?
        while !Task.isCancelled {
            var calendar = Calendar.current
            if let core = try? await plugin.core() { calendar = await DiaryCalendar.of(core) }
            let today = Day.today(calendar: calendar)
            var wait = Self.untilTomorrow(calendar: calendar)
            if today != checked {
                do {
                    let finder = MemoryFinder(core: try await plugin.core())
                    let years = plugin.option(OnThisDayOptions.years)
                    let count = try await finder.memories(on: today, years: years, petId: nil).count
                    if count > 0 {
                        try plugin.publish(
                            MemoriesFound.topic, data: MemoriesFound(date: today.description, count: count))
                    }
                    checked = today
                } catch {
                    plugin.logger.warning(
                        "Could not look for today's memories; trying again in a minute",
                        metadata: ["error": "\(error)"])
                    wait = .seconds(60)
                }
            }
            // At most ten minutes at a time, so a changed clock or time zone is noticed.
            do { try await Task.sleep(for: min(wait, .seconds(600))) } catch { return }
        }
    }

    /// The time until the next local midnight, and a second.
    private static func untilTomorrow(now: Date = Date(), calendar: Calendar = .current) -> Duration {
        let tomorrow = calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: now)) ?? now
        return .milliseconds(Int(max(0, tomorrow.timeIntervalSince(now)) * 1000) + 1000)
    }
}
