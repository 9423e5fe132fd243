import ArgumentParser
import Foundation
import ToolkitAPI

/// `toolkit diary calendar [YYYY-MM]`: a month grid marking days with entries (*) or only photos (+).
struct DiaryCalendarCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calendar",
        abstract: "Show a month, marking days with entries (*) and days with only photos (+).")
    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The month, YYYY-MM (default this month).", valueName: "month")) var month: String?
    @Option(help: ArgumentHelp("Only this pet, by name or id.", valueName: "name|id")) var pet: String?

    func parsedMonth() throws -> (year: Int, month: Int) {
        guard let month else {
            let parts = Calendar(identifier: .gregorian).dateComponents([.year, .month], from: Date())
            return (parts.year!, parts.month!)
        }
        let pieces = month.split(separator: "-")
        guard pieces.count == 2, let year = Int(pieces[0]), let number = Int(pieces[1]), (1...12).contains(number)
        else {
            throw ValidationError("'\(month)' is not a month; write it as YYYY-MM, e.g. 2024-05.")
        }
        return (year, number)
    }

    func validate() throws { _ = try parsedMonth() }

    func run() async throws {
        let (year, number) = try parsedMonth()
        try await withCore(global) { core in
            let petId = try await pet.asyncMap { try await core.petId(for: $0) }
            guard let result = try await core.call(DiaryCalendar.self, .init(year: year, month: number, petId: petId))
            else { return }
            print(Self.grid(result))
        }
    }

    /// A Monday-first month grid, then one line per marked day.
    static func grid(_ month: CalendarRecord) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let first = calendar.date(from: DateComponents(year: month.year, month: month.month, day: 1))!
        let weekday = (calendar.component(.weekday, from: first) + 5) % 7
        let count = calendar.range(of: .day, in: .month, for: first)!.count
        let marks = Dictionary(month.days.map { (Int($0.date.suffix(2)) ?? 0, $0) }, uniquingKeysWith: { a, _ in a })
        var lines = [String(format: "%04d-%02d", month.year, month.month), " Mo  Tu  We  Th  Fr  Sa  Su"]
        var line = String(repeating: "    ", count: weekday)
        for day in 1...count {
            let mark = marks[day].map { $0.entries > 0 ? "*" : "+" } ?? " "
            line += String(format: "%3d", day) + mark
            if (weekday + day) % 7 == 0 {
                lines.append(line)
                line = ""
            }
        }
        if !line.isEmpty { lines.append(line) }
        lines.append("")
        for day in month.days {
            lines.append(
                "\(day.date)  \(day.entries) entr\(day.entries == 1 ? "y" : "ies"), "
                    + "\(day.photos - day.videos) photo\(day.photos - day.videos == 1 ? "" : "s")"
                    + (day.videos > 0 ? ", \(day.videos) video\(day.videos == 1 ? "" : "s")" : "")
            )
        }
        return lines.joined(separator: "\n")
    }
}
