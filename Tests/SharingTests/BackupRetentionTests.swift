import Foundation
import Testing
import Sharing

/// restic's `forget` rules over dated archives, worked out by hand, and the chain protection on top.
struct BackupRetentionTests {
    /// One case: archives as `(name, UTC time "YYYY-MM-DD HH:MM", parent name)`, a policy, and what stays.
    struct Case: Sendable, CustomTestStringConvertible {
        var label: String
        var archives: [(String, String, String?)]
        var policy: BackupRetention
        /// Kept names, oldest first, with their reasons.
        var kept: [String: [String]]
        var testDescription: String { label }
    }

    static let daily: [(String, String, String?)] = [
        ("a", "2024-05-01 03:00", nil), ("b", "2024-05-01 15:00", nil), ("c", "2024-05-02 03:00", nil),
        ("d", "2024-05-04 03:00", nil), ("e", "2024-05-04 22:00", nil),
    ]

    static let cases: [Case] = [
        Case(
            label: "keep-last keeps the newest n", archives: daily, policy: .init(keepLast: 2),
            kept: ["d": ["last"], "e": ["last"]]),
        Case(
            label: "keep-daily keeps the newest of each day with one, counting back", archives: daily,
            policy: .init(keepDaily: 2), kept: ["c": ["daily 2024-05-02"], "e": ["daily 2024-05-04"]]),
        Case(
            label: "more days asked than there are: every day's newest, and the oldest archive too", archives: daily,
            policy: .init(keepDaily: 5),
            kept: [
                "a": ["oldest daily"], "b": ["daily 2024-05-01"], "c": ["daily 2024-05-02"],
                "e": ["daily 2024-05-04"],
            ]),
        Case(
            label: "rules add up, each archive lists every rule that keeps it", archives: daily,
            policy: .init(keepLast: 1, keepDaily: 2),
            kept: ["c": ["daily 2024-05-02"], "e": ["last", "daily 2024-05-04"]]),
        // 2024-12-30 (Monday) is in ISO week 2025-W01; 2024-12-29 (Sunday) in 2024-W52.
        Case(
            label: "weeks are ISO weeks across the turn of the year",
            archives: [
                ("w1", "2024-12-22 10:00", nil), ("w2", "2024-12-29 10:00", nil), ("w3", "2024-12-30 10:00", nil),
                ("w4", "2025-01-05 10:00", nil),
            ],
            policy: .init(keepWeekly: 2), kept: ["w2": ["weekly 2024-W52"], "w4": ["weekly 2025-W01"]]),
        Case(
            label: "months keep their newest archive",
            archives: [
                ("m1", "2024-03-31 23:59", nil), ("m2", "2024-04-01 00:00", nil), ("m3", "2024-04-30 12:00", nil),
                ("m4", "2024-05-02 12:00", nil),
            ],
            policy: .init(keepMonthly: 2), kept: ["m3": ["monthly 2024-04"], "m4": ["monthly 2024-05"]]),
        Case(
            label: "a kept incremental keeps its whole chain, and nothing else",
            archives: [
                ("f1", "2024-05-01 03:00", nil), ("i1", "2024-05-02 03:00", "f1"), ("i2", "2024-05-03 03:00", "i1"),
                ("f2", "2024-05-04 03:00", nil), ("i3", "2024-05-05 03:00", "f2"),
            ],
            policy: .init(keepLast: 1),
            kept: ["f2": ["needed by i3"], "i3": ["last"]]),
        Case(
            label: "an old kept archive keeps its ancestors though newer ones are removed",
            archives: [
                ("f1", "2024-04-01 03:00", nil), ("i1", "2024-04-15 03:00", "f1"), ("i2", "2024-04-30 03:00", "i1"),
                ("i3", "2024-05-01 03:00", "i2"), ("i4", "2024-05-02 03:00", "i3"),
            ],
            policy: .init(keepMonthly: 2),
            kept: [
                "f1": ["needed by i1"], "i1": ["needed by i2"], "i2": ["monthly 2024-04"], "i3": ["needed by i4"],
                "i4": ["monthly 2024-05"],
            ]),
        Case(
            label: "a parent that is not in the directory is not invented",
            archives: [("i5", "2024-05-01 03:00", "gone"), ("i6", "2024-05-02 03:00", "i5")],
            policy: .init(keepLast: 1), kept: ["i5": ["needed by i6"], "i6": ["last"]]),
    ]

    @Test(arguments: cases)
    func retentionKeepsWhatResticWouldAndWholeChains(_ example: Case) throws {
        let candidates = try example.archives.map { name, time, previous in
            BackupRetention.Candidate(name: name, time: try Self.seconds(time), previous: previous)
        }
        let decision = example.policy.apply(to: candidates.shuffled())
        let order = candidates.sorted { $0.time < $1.time }.map(\.name)
        #expect(decision.kept.map(\.name) == order.filter { example.kept[$0] != nil })
        for (name, reasons) in decision.kept {
            #expect(reasons == example.kept[name], "\(name)")
        }
        #expect(decision.removed == order.filter { example.kept[$0] == nil })
    }

    @Test func aPolicyThatKeepsNothingIsRefused() {
        #expect(!BackupRetention().keepsAnything)
        #expect(throws: (any Error).self) {
            try BackupTarget.retention(keepLast: 0, keepDaily: nil, keepWeekly: nil, keepMonthly: nil)
        }
        #expect(throws: (any Error).self) {
            try BackupTarget.retention(keepLast: 2, keepDaily: -1, keepWeekly: nil, keepMonthly: nil)
        }
    }

    @Test func namesCarryTheUTCTimeAndSortByIt() throws {
        let name = BackupFileName.make(diary: "Pet diary: 보리", time: 1_714_532_400, milliseconds: 7, incremental: true)
        #expect(name.name == "Pet_diary__보리-20240501T030000.007Z-incr.tar.zst")
        let parsed = try #require(BackupFileName(parsing: name.name))
        #expect(parsed.time == 1_714_532_400 && parsed.isIncremental && parsed.milliseconds == 7)
        let later = BackupFileName.make(
            diary: "Pet diary: 보리", time: 1_714_532_400, milliseconds: 10, incremental: false)
        #expect(try #require(BackupFileName(parsing: later.name)) > parsed)
        #expect(later.name > name.name, "names of one diary sort by time as text too")
        #expect(BackupFileName(parsing: "notes.tar.zst") == nil)
    }

    static func seconds(_ text: String) throws -> Int64 {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return Int64(try #require(formatter.date(from: text)).timeIntervalSince1970)
    }
}
