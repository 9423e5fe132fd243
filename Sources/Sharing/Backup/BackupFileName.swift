import Glibc

/// An archive's file name: `<diary>-<YYYYMMDD>T<HHMMSS>.<mmm>Z-full|incr.tar.zst`, in UTC, so that names of
/// one diary sort by time and contain nothing a filesystem or a shell quotes (the diary's name is made safe
/// as a bundle's is, and spaces become `_` for crontabs and shells). Two archives are never given the same millisecond.
package struct BackupFileName: Sendable, Hashable, Comparable {
    /// The whole file name.
    package var name: String
    /// Seconds since 1970 (UTC) that the name carries.
    package var time: Int64
    /// The milliseconds within that second.
    package var milliseconds: Int
    /// Whether the name says `incr`.
    package var isIncremental: Bool

    /// The name of an archive of the diary named `diary` made at `time` (seconds) and `milliseconds`.
    package static func make(
        diary: String, time: Int64, milliseconds: Int = 0, incremental: Bool
    ) -> BackupFileName {
        let base = String(ExportFileName.safeBase(diary).map { $0.isWhitespace ? "_" : $0 })
        let name = "\(base)-\(stamp(time, milliseconds))-\(incremental ? "incr" : "full").tar.zst"
        return BackupFileName(name: name, time: time, milliseconds: milliseconds, isIncremental: incremental)
    }

    /// The parts of `name`, or nil when it is not an archive's name.
    package init?(parsing name: String) {
        let pattern = /-(\d{8})T(\d{6})(?:\.(\d{3}))?Z-(full|incr)\.tar\.zst$/
        guard let match = name.firstMatch(of: pattern), let day = Int(match.1), let clock = Int(match.2) else {
            return nil
        }
        var parts = tm()
        parts.tm_year = Int32(day / 10_000 - 1900)
        parts.tm_mon = Int32(day / 100 % 100 - 1)
        parts.tm_mday = Int32(day % 100)
        parts.tm_hour = Int32(clock / 10_000)
        parts.tm_min = Int32(clock / 100 % 100)
        parts.tm_sec = Int32(clock % 100)
        self.name = name
        self.time = Int64(timegm(&parts))
        self.milliseconds = match.3.flatMap { Int($0) } ?? 0
        self.isIncremental = match.4 == "incr"
    }

    private init(name: String, time: Int64, milliseconds: Int, isIncremental: Bool) {
        self.name = name
        self.time = time
        self.milliseconds = milliseconds
        self.isIncremental = isIncremental
    }

    /// `YYYYMMDDTHHMMSS.mmmZ` of `time` and `milliseconds`, in UTC.
    static func stamp(_ time: Int64, _ milliseconds: Int) -> String {
        var seconds = time_t(time)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)\(two(parts.tm_mon + 1))\(two(parts.tm_mday))T"
            + "\(two(parts.tm_hour))\(two(parts.tm_min))\(two(parts.tm_sec))."
            + String(String(1000 + milliseconds % 1000).dropFirst()) + "Z"
    }

    /// Older first: by time, then name.
    package static func < (lhs: BackupFileName, rhs: BackupFileName) -> Bool {
        (lhs.time, lhs.milliseconds, lhs.name) < (rhs.time, rhs.milliseconds, rhs.name)
    }
}
