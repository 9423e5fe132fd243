/// Counts of one plugin's forwarded calls and their recent durations.
struct PluginStatistics: Sendable {
    private(set) var calls = 0
    private(set) var errors = 0
    /// The last durations, a ring of ``capacity``.
    private var durations: [Duration] = []
    private var next = 0
    static let capacity = 256

    mutating func record(_ duration: Duration, failed: Bool) {
        calls += 1
        if failed { errors += 1 }
        if durations.count < Self.capacity {
            durations.append(duration)
        } else {
            durations[next] = duration
            next = (next + 1) % Self.capacity
        }
    }

    /// The median of the recent durations, in milliseconds.
    var p50Milliseconds: Double? {
        guard !durations.isEmpty else { return nil }
        let median = durations.sorted()[durations.count / 2]
        return Double(median.components.seconds) * 1000 + Double(median.components.attoseconds) / 1e15
    }
}

/// The last lines a plugin wrote on stderr.
struct RecentLines: Sendable {
    static let capacity = 20
    private(set) var lines: [String] = []

    mutating func append(_ line: String) {
        lines.append(line)
        if lines.count > Self.capacity { lines.removeFirst(lines.count - Self.capacity) }
    }
}
