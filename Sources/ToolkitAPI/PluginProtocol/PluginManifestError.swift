/// Why a `getmanifest` answer is not a valid protocol-1 manifest: one sentence naming the member that is
/// wrong and what would be right (`'version' must be a string`). The plugin host refuses such a plugin and
/// shows the reason as "The manifest is not valid: REASON.".
public struct PluginManifestError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, without a capital or a full stop: it is quoted inside the host's sentence.
    public var reason: String

    /// Makes an error with `reason`.
    public init(_ reason: String) {
        self.reason = reason
    }

    /// `The manifest is not valid: REASON.`
    public var description: String { "The manifest is not valid: \(reason)." }
}
