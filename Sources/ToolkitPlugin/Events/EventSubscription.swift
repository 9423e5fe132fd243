import JSONRPC
import Logging
import ToolkitAPI

/// A subscription as the plugin keeps it: the topic pattern for the manifest, and the code that takes a
/// matching event's raw params.
struct EventSubscription: Sendable {
    /// An exact topic, `noun.*` or `*`.
    let pattern: String
    let deliver: @Sendable (RawJSON) async throws -> Void

    /// Whether `topic` is one this subscription asked for.
    func matches(_ topic: String) -> Bool {
        Self.topic(topic, matches: pattern)
    }

    /// Whether `topic` matches `pattern`: the same, `noun.*` for any topic of that noun, or `*`.
    static func topic(_ topic: String, matches pattern: String) -> Bool {
        if pattern == "*" || pattern == topic { return true }
        if pattern.hasSuffix(".*") { return topic.hasPrefix(pattern.dropLast()) }
        return false
    }

    /// Checks that a plugin may publish under `topic`: `noun.verb` with a noun that is not the core's.
    /// - Throws: ``PluginError`` `.invalidTopic` saying what is wrong.
    static func validatePublished(_ topic: String) throws {
        let parts = topic.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 2, parts.allSatisfy({ !$0.isEmpty }) else {
            throw PluginError(.invalidTopic, "Event topic '\(topic)' is not noun.verb (memories.found, say).")
        }
        guard !EventCatalogue.reservedNouns.contains(String(parts[0])) else {
            throw PluginError(
                .invalidTopic,
                "Event topic '\(topic)' uses the core's noun '\(parts[0])'; the core drops it. Use a noun of your own.")
        }
    }
}
