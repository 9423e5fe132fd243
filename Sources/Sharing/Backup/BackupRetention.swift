#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Which archives a retention policy keeps: restic's `forget` rules, counted back from the newest archive.
///
/// - `keepLast n`: the n newest archives.
/// - `keepDaily n`, `keepWeekly n`, `keepMonthly n`: going from the newest archive to the oldest, the first
///   (newest) archive of each day, ISO week or month, until n such periods have one kept. When fewer than n
///   periods have an archive, the oldest archive is kept as well (restic 0.17's rule), so a young directory
///   keeps its first archive.
/// - Periods are UTC days, weeks and months, like the times in the archives' names: the result does not
///   change with the machine's time zone or across a daylight-saving change.
/// - An archive kept by a rule keeps every archive it builds on (its chain back to the full one), with the
///   reason `needed by NAME`: pruning never leaves a kept archive unrestorable.
///
/// Pure: no files, no clock; ``BackupPruner`` applies it to a directory.
package struct BackupRetention: Sendable, Hashable {
    package var keepLast: Int
    package var keepDaily: Int
    package var keepWeekly: Int
    package var keepMonthly: Int

    package init(keepLast: Int = 0, keepDaily: Int = 0, keepWeekly: Int = 0, keepMonthly: Int = 0) {
        self.keepLast = keepLast
        self.keepDaily = keepDaily
        self.keepWeekly = keepWeekly
        self.keepMonthly = keepMonthly
    }

    /// Whether any rule keeps something (a policy of all zeros would remove everything, and is refused).
    package var keepsAnything: Bool { keepLast > 0 || keepDaily > 0 || keepWeekly > 0 || keepMonthly > 0 }

    /// One archive as retention sees it.
    package struct Candidate: Sendable, Hashable {
        package var name: String
        /// Seconds since 1970, UTC.
        package var time: Int64
        /// The name of the archive it builds on, if any.
        package var previous: String?

        package init(name: String, time: Int64, previous: String?) {
            self.name = name
            self.time = time
            self.previous = previous
        }
    }

    /// What the policy decided: per archive kept, why; the others, oldest first.
    package struct Decision: Sendable, Hashable {
        /// Oldest first, each with its reasons.
        package var kept: [(name: String, reasons: [String])]
        /// Oldest first.
        package var removed: [String]

        package static func == (lhs: Decision, rhs: Decision) -> Bool {
            lhs.removed == rhs.removed && lhs.kept.map(\.name) == rhs.kept.map(\.name)
                && lhs.kept.map(\.reasons) == rhs.kept.map(\.reasons)
        }

        package func hash(into hasher: inout Hasher) {
            hasher.combine(removed)
            hasher.combine(kept.map(\.name))
        }
    }

    /// Applies the policy to `archives` (any order).
    package func apply(to archives: [Candidate]) -> Decision {
        let newestFirst = archives.sorted { ($0.time, $0.name) > ($1.time, $1.name) }
        var reasons: [String: [String]] = [:]
        var buckets: [(label: String, count: Int, period: (Int64) -> String, last: String?)] = [
            ("last", keepLast, { _ in UUID().uuidString }, nil),
            ("daily", keepDaily, Self.day, nil),
            ("weekly", keepWeekly, Self.isoWeek, nil),
            ("monthly", keepMonthly, Self.month, nil),
        ]
        for (index, archive) in newestFirst.enumerated() {
            for number in buckets.indices where buckets[number].count > 0 {
                let period = buckets[number].period(archive.time)
                if period != buckets[number].last {
                    buckets[number].last = period
                    buckets[number].count -= 1
                    let label = buckets[number].label
                    reasons[archive.name, default: []].append(label == "last" ? "last" : "\(label) \(period)")
                } else if index == newestFirst.count - 1, number > 0 {
                    // Fewer periods than asked for: the oldest archive is kept too.
                    reasons[archive.name, default: []].append("oldest \(buckets[number].label)")
                }
            }
        }
        let names = Set(archives.map(\.name))
        // Each kept archive keeps its parent; a parent kept so keeps its own, until nothing is added.
        var added = true
        while added {
            added = false
            for archive in newestFirst where reasons[archive.name] != nil {
                guard let parent = archive.previous, names.contains(parent), reasons[parent] == nil else { continue }
                reasons[parent] = ["needed by \(archive.name)"]
                added = true
            }
        }
        let oldestFirst = newestFirst.reversed()
        return Decision(
            kept: oldestFirst.compactMap { archive in reasons[archive.name].map { (archive.name, $0) } },
            removed: oldestFirst.filter { reasons[$0.name] == nil }.map(\.name))
    }

    static let utc = TimeZone(identifier: "UTC")!

    static func components(_ time: Int64) -> DateComponents {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utc
        return calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: TimeInterval(time)))
    }

    static func day(_ time: Int64) -> String {
        let parts = components(time)
        return "\(pad(parts.year, 4))-\(pad(parts.month, 2))-\(pad(parts.day, 2))"
    }

    static func month(_ time: Int64) -> String {
        let parts = components(time)
        return "\(pad(parts.year, 4))-\(pad(parts.month, 2))"
    }

    /// `YYYY-Www`, the ISO 8601 week (weeks start on Monday; week 1 holds the year's first Thursday).
    static func isoWeek(_ time: Int64) -> String {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = utc
        let parts = calendar.dateComponents(
            [.yearForWeekOfYear, .weekOfYear], from: Date(timeIntervalSince1970: TimeInterval(time)))
        return "\(pad(parts.yearForWeekOfYear, 4))-W\(pad(parts.weekOfYear, 2))"
    }

    /// `value` in decimal, with leading zeros to `width` digits.
    static func pad(_ value: Int?, _ width: Int) -> String {
        let digits = String(value ?? 0)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
