import NIOCore
import NIOConcurrencyHelpers

/// Sends `{"method":"progress","params":{"id","done","total","unit"}}` for a long request whose params
/// had `"progress": true`; at most one every 100 ms, plus the final one.
public final class RPCProgressReporter: Sendable {
    /// The notification's method, `progress` (ToolkitAPI's `ProgressNotification` describes its params).
    public static let method = "progress"

    private let context: RPCContext
    private let unit: String
    private let enabled: Bool
    private let lastSent = NIOLockedValueBox<ContinuousClock.Instant?>(nil)

    init(context: RPCContext, unit: String) {
        self.context = context
        self.unit = unit
        self.enabled = context.asksForProgress
    }

    /// Reports that `done` of `total` units are done; `total` nil when unknown.
    public func report(done: Int, total: Int?) {
        guard enabled, let id = context.requestID else { return }
        let now = ContinuousClock.now
        let isFinal = total.map { done >= $0 } ?? false
        let due = lastSent.withLockedValue { last -> Bool in
            if !isFinal, let last, now - last < .milliseconds(100) { return false }
            last = now
            return true
        }
        guard due else { return }
        let totalText = total.map(String.init) ?? "null"
        let text = "{\"id\":\(id.rawJSON),\"done\":\(done),\"total\":\(totalText),\"unit\":\(JSONText.quoted(unit))}"
        context.connection.send(
            notification: RPCRequest(method: Self.method, id: nil, params: RawJSON(unchecked: text)),
            droppable: true,
            onOverflow: nil
        )
    }
}
