import ToolkitAPI

/// `toolkit plugins` as a table: a row per plugin, with indented detail lines under it.
enum PluginTable {
    static let header = ["NAME", "STATE", "PID", "METHODS", "CALLS", "ERRORS", "P50", "RSS", "RESTARTS"]

    /// The table; under a failed, disabled or backing-off plugin its reason, under one that reports a warning
    /// the warning, and with `verbose` its path,
    /// methods, hooks, subscriptions and (when it is not running) its last stderr lines.
    static func render(_ plugins: [PluginRecord], verbose: Bool) -> String {
        let lines = TextTable.render(header, plugins.map(row)).split(separator: "\n", omittingEmptySubsequences: false)
        var output = [String(lines[0])]
        for (plugin, line) in zip(plugins, lines.dropFirst()) {
            output.append(String(line))
            output += details(plugin, verbose: verbose).map { "    " + $0 }
        }
        return output.joined(separator: "\n")
    }

    static func row(_ plugin: PluginRecord) -> [String] {
        [
            plugin.name, plugin.state, plugin.pid.map(String.init) ?? "-", String(plugin.methods.count),
            String(plugin.calls), String(plugin.errors), plugin.p50Milliseconds.map(milliseconds) ?? "-",
            plugin.residentBytes.map(bytes) ?? "-", String(plugin.restarts),
        ]
    }

    /// `0.42ms`, `12ms`, `1.5s`: two significant figures are plenty for a median, and no space keeps columns
    /// easy to cut.
    static func milliseconds(_ value: Double) -> String {
        if value >= 1000 { return "\((value / 100).rounded() / 10)s" }
        if value >= 10 { return "\(Int(value.rounded()))ms" }
        return "\((value * 100).rounded() / 100)ms"
    }

    /// `840K`, `12M`, `1.2G` (powers of 1024, as `ps` and `ls -h` show memory).
    static func bytes(_ value: Int) -> String {
        var scaled = Double(value) / 1024
        for unit in ["K", "M", "G"] {
            if scaled < 1024 || unit == "G" {
                return scaled < 10 ? "\((scaled * 10).rounded() / 10)\(unit)" : "\(Int(scaled.rounded()))\(unit)"
            }
            scaled /= 1024
        }
        return "\(value)"
    }

    /// The lines under a plugin's row.
    static func details(_ plugin: PluginRecord, verbose: Bool) -> [String] {
        var lines: [String] = []
        if let reason = plugin.reason, !reason.isEmpty {
            lines.append("\(plugin.state): " + oneLine(reason))
        }
        if let warning = plugin.warning { lines.append("warning: " + oneLine(warning)) }
        guard verbose else { return lines }
        lines.append("path: \(plugin.path)" + (plugin.version.map { "  version: \($0)" } ?? ""))
        if !plugin.methods.isEmpty { lines.append("methods: " + plugin.methods.joined(separator: ", ")) }
        if !plugin.hooks.isEmpty { lines.append("hooks: " + plugin.hooks.joined(separator: ", ")) }
        if !plugin.subscriptions.isEmpty {
            lines.append("subscriptions: " + plugin.subscriptions.joined(separator: ", "))
        }
        if ["failed", "backing off", "disabled"].contains(plugin.state), !plugin.stderr.isEmpty {
            lines.append("stderr:")
            lines += plugin.stderr.map { "  | " + oneLine($0) }
        }
        return lines
    }

    private static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
