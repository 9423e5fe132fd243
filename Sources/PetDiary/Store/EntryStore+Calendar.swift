import GRDB
import Foundation

extension EntryStore {
    /// The days of `month` that have entries or photos (by the local day each was taken on), with their counts,
    /// videos apart.
    /// - Throws: ``DiaryError`` `.invalid` for a month outside 1–12 or a year outside 1–9999,
    ///   `.notFound` for an unknown pet.
    package func calendar(year: Int, month: Int, petId: String?) async throws -> CalendarMonth {
        guard (1...9999).contains(year) else {
            throw DiaryError.invalid("year", "year \(year) is out of range; use 1 to 9999.")
        }
        guard (1...12).contains(month) else {
            throw DiaryError.invalid("month", "month \(month) is out of range; use 1 (January) to 12 (December).")
        }
        let prefix = String(format: "%04d-%02d-", year, month)
        let first = prefix + "01"
        let last = prefix + String(format: "%02d", DiaryDay.daysIn(year: year, month: month))
        return try await store.read { db in
            // Hand SQL: the calendar, counts grouped by day.
            var entrySQL = "SELECT date AS day, COUNT(*) AS count FROM entry WHERE date BETWEEN ? AND ?"
            var photoSQL = """
                SELECT takenDay AS day, COUNT(*) AS count, SUM(mediaType LIKE 'video/%') AS videos
                FROM photo WHERE takenDay BETWEEN ? AND ?
                """
            var entryArguments: StatementArguments = [first, last]
            var photoArguments: StatementArguments = [first, last]
            if let petId {
                try DiaryStore.requireExists(db, Pet.self, petId)
                entrySQL += " AND petId = ?"
                entryArguments += [petId]
                photoSQL += " AND albumId IN (SELECT id FROM album WHERE petId = ?)"
                photoArguments += [petId]
            }
            var days: [String: CalendarMonth.Day] = [:]
            for row in try Row.fetchAll(db, sql: entrySQL + " GROUP BY day", arguments: entryArguments) {
                let day: String = row["day"]
                days[day, default: .init(date: day, entries: 0, photos: 0)].entries = row["count"]
            }
            for row in try Row.fetchAll(db, sql: photoSQL + " GROUP BY day", arguments: photoArguments) {
                let day: String = row["day"]
                days[day, default: .init(date: day, entries: 0, photos: 0)].photos = row["count"]
                days[day]?.videos = row["videos"]
            }
            return CalendarMonth(year: year, month: month, days: days.values.sorted { $0.date < $1.date })
        }
    }
}
