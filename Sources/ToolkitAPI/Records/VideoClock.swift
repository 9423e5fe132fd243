/// A video's length as a clock shows it: `0:07`, `12:30`, `1:02:03` (hours only over an hour), to the nearest
/// second. The CLI's lists and the exported gallery both write it so.
public enum VideoClock {
    /// The clock text of `seconds`, rounded to the whole second; a value that is not finite, or below zero, reads
    /// `0:00`.
    public static func text(seconds: Double) -> String {
        let total = seconds.isFinite ? Int(max(0, min(seconds, 1e12)).rounded()) : 0
        let (hours, minutes, rest) = (total / 3600, total / 60 % 60, total % 60)
        func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(rest))" : "\(minutes):\(twoDigits(rest))"
    }
}
