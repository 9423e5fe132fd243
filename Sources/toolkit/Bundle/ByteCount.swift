import ArgumentParser

/// A byte count given on the command line: `1048576`, `512K`, `64M`, `16G`, `1T` (powers of 1024).
struct ByteCount: ExpressibleByArgument, Sendable {
    var bytes: Int64

    init(bytes: Int64) { self.bytes = bytes }

    /// `64G`, `512M`, or plain bytes: how help shows a default.
    var defaultValueDescription: String {
        for (suffix, scale) in [("T", Int64(1) << 40), ("G", 1 << 30), ("M", 1 << 20), ("K", 1 << 10)]
        where bytes >= scale && bytes % scale == 0 {
            return "\(bytes / scale)\(suffix)"
        }
        return String(bytes)
    }

    init?(argument: String) {
        let units: [Character: Int64] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40]
        var text = Substring(argument.uppercased())
        if text.hasSuffix("IB") { text = text.dropLast(2) } else if text.hasSuffix("B") { text = text.dropLast() }
        var scale: Int64 = 1
        if let last = text.last, let unit = units[last] {
            scale = unit
            text = text.dropLast()
        }
        guard let value = Int64(text), value >= 0 else { return nil }
        let (bytes, overflow) = value.multipliedReportingOverflow(by: scale)
        guard !overflow else { return nil }
        self.bytes = bytes
    }
}

extension Int64 {
    /// `123.4 MB` (decimal megabytes, like the benchmark), or `512 bytes` below 1 kB.
    var humanBytes: String {
        if self < 1000 { return "\(self) bytes" }
        let units = ["kB", "MB", "GB", "TB"]
        var value = Double(self) / 1000
        var unit = 0
        while value >= 1000 && unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return "\((value * 10).rounded() / 10) \(units[unit])"
    }
}
