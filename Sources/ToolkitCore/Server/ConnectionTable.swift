import JSONRPC
import NIOConcurrencyHelpers

/// The open connections, so shutdown can drain them and `system.info` can count them.
final class ConnectionTable: Sendable {
    private struct State {
        var open: [Int: any RPCConnection & RPCConnectionControl] = [:]
        var nextID = 1
        var total = 0
    }

    private let state = NIOLockedValueBox(State())

    func nextID() -> Int {
        state.withLockedValue { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
    }

    func add(_ connection: any RPCConnection & RPCConnectionControl) {
        state.withLockedValue { state in
            state.open[connection.connectionID] = connection
            state.total += 1
        }
        connection.onClose { [weak self] in
            self?.state.withLockedValue { _ = $0.open.removeValue(forKey: connection.connectionID) }
        }
    }

    var all: [any RPCConnection & RPCConnectionControl] { state.withLockedValue { Array($0.open.values) } }

    var counts: (open: Int, total: Int) { state.withLockedValue { ($0.open.count, $0.total) } }
}
