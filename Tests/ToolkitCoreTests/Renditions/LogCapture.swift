import Logging
import NIOConcurrencyHelpers

/// Keeps what a core logs, for a test to read: each message with its metadata as text, in order.
final class LogCapture: Sendable {
    private let lines = NIOLockedValueBox<[(message: String, metadata: [String: String])]>([])

    /// A logger whose messages, at `notice` and above, are kept here.
    var logger: Logger {
        Logger(label: "test") { _ in Handler(capture: self) }
    }

    /// The messages logged so far, with their metadata.
    var messages: [(message: String, metadata: [String: String])] { lines.withLockedValue { $0 } }

    private struct Handler: LogHandler {
        let capture: LogCapture
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .notice

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let all = metadata.merging(event.metadata ?? [:]) { $1 }.mapValues { "\($0)" }
            capture.lines.withLockedValue { $0.append(("\(event.message)", all)) }
        }
    }
}
