/// The params of the `plugin.status {"warning"}` notification a plugin sends on its stdout to tell how it
/// is doing beyond its state: a warning (a backup destination that misses archives, say) that
/// `plugins.list` shows as the plugin's `warning` and `toolkit doctor` reports, until the plugin sends
/// another (`null` clears it) or its process ends.
public struct PluginStatusReport: Codable, Sendable, Hashable {
    /// The notification's method.
    public static var method: String { "plugin.status" }

    /// The most characters of a warning the core keeps; the rest is cut off.
    public static let maximumWarningLength = 1_000

    /// A sentence a person can act on; nil when all is well.
    public var warning: String?

    /// Makes the params.
    public init(warning: String?) {
        self.warning = warning
    }

    /// ``warning`` as the core keeps it: on one line, at most ``maximumWarningLength`` characters; nil when
    /// empty.
    public var keptWarning: String? {
        guard let warning else { return nil }
        let line = warning.split(whereSeparator: \.isNewline).joined(separator: " ")
        guard !line.allSatisfy(\.isWhitespace) else { return nil }
        return line.count > Self.maximumWarningLength ? String(line.prefix(Self.maximumWarningLength)) + "…" : line
    }
}
