#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GRDB

/// Cuts photos' days: the local day each was taken on (see ``LocalTime``). A photo whose file recorded an
/// offset keeps its day wherever the diary is; the others take the diary's time zone, and are cut again when
/// it changes.
enum PhotoDays {
    /// Cuts the days of the rows that have none yet, and of every row without a recorded offset when the
    /// diary's zone is not the one they were cut in. Runs when the store opens (after a migration, or with a
    /// new `timeZone`) and after a restore or a bundle's merge has inserted rows as they were.
    static func cut(_ db: Database, in timeZone: TimeZone) throws {
        let cutIn = try zoneCutIn(db)
        // Hand SQL: a partial index (photo_uncut) finds the uncut rows; the query interface cannot name it.
        let condition = cutIn == timeZone.identifier ? "takenDay IS NULL" : "takenDay IS NULL OR takenOffset IS NULL"
        let rows = try Row.fetchAll(db, sql: "SELECT id, takenAt, takenOffset FROM photo WHERE \(condition)")
        // Hand SQL: one statement prepared for every row cut.
        let update = try db.cachedStatement(sql: "UPDATE photo SET localOffset = ?, takenDay = ? WHERE id = ?")
        for row in rows {
            let takenAt: String = row["takenAt"]
            let recorded: Int? = row["takenOffset"]
            let instant = Timestamp.date(from: takenAt) ?? Date(timeIntervalSince1970: 0)
            let local = LocalTime(instant: instant, recorded: recorded, in: timeZone)
            try update.execute(arguments: [local.offsetSeconds, local.day, row["id"] as String])
        }
        if cutIn != timeZone.identifier {
            try SettingsRow.one.updateAll(db, SettingsRow.Columns.dayZone.set(to: timeZone.identifier))
        }
    }

    /// Whether ``cut(_:in:)`` has anything to do: a row without a day, or a zone the days were not cut in. A read,
    /// so that opening a diary whose days are cut writes nothing.
    static func needsCut(_ db: Database, in timeZone: TimeZone) throws -> Bool {
        guard try zoneCutIn(db) == timeZone.identifier else { return true }
        return try !PhotoRow.filter(PhotoRow.Columns.takenDay == nil).isEmpty(db)
    }

    /// The time zone the days without a recorded offset were last cut in (`settings.dayZone`).
    private static func zoneCutIn(_ db: Database) throws -> String? {
        try SettingsRow.one.select(SettingsRow.Columns.dayZone, as: String.self).fetchOne(db)
    }

    /// Sets `row`'s offset and day from its `takenAt` and recorded `takenOffset`.
    static func cut(_ row: inout PhotoRow, in timeZone: TimeZone) {
        let instant = Timestamp.date(from: row.takenAt) ?? Date(timeIntervalSince1970: 0)
        let local = LocalTime(instant: instant, recorded: row.takenOffset, in: timeZone)
        row.localOffset = local.offsetSeconds
        row.takenDay = local.day
    }
}
