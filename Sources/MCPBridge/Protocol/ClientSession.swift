import JSONRPC
import NIOConcurrencyHelpers

/// What the client said of itself in `initialize`, and whether it has said `notifications/initialized`:
/// the bridge asks it for roots and confirmations only when it offered them, and tells it of changes only
/// once the session is under way.
final class ClientSession: Sendable {
    private struct State {
        var listsRoots = false
        var canElicit = false
        var initialized = false
    }

    private let state = NIOLockedValueBox(State())

    /// Records the `capabilities` of an `initialize` request's params.
    func begin(capabilities: JSONValue?) {
        state.withLockedValue {
            $0.listsRoots = capabilities?["roots"] != nil
            $0.canElicit = capabilities?["elicitation"] != nil
        }
    }

    func markInitialized() { state.withLockedValue { $0.initialized = true } }

    /// The client answers `roots/list`.
    var listsRoots: Bool { state.withLockedValue { $0.listsRoots } }
    /// The client answers `elicitation/create` (asks its user).
    var canElicit: Bool { state.withLockedValue { $0.canElicit } }
    /// The client said `notifications/initialized`.
    var isInitialized: Bool { state.withLockedValue { $0.initialized } }
}
