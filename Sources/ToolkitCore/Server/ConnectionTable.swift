import JSONRPC
import Synchronization

/// The open connections, so shutdown can drain them and `system.info` can count them.
final class ConnectionTable: Sendable {
    private struct State {
        var open: [Int: any RPCConnection & RPCConnectionControl] = [:]
        var nextID = 1
        var total = 0
    }

    private let state = Mutex(State())

    func nextID() -> Int {
        state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
    }

    func add(_ connection: any RPCConnection & RPCConnectionControl) {
        state.withLock { state in
            state.open[connection.connectionID] = connection
            state.total += 1
        }
        connection.onClose { [weak self] in
            self?.state.withLock { _ = $0.open.removeValue(forKey: connection.connectionID) }
        }
    }

    var all: [any RPCConnection & RPCConnectionControl] { state.withLock { Array($0.open.values) } }

    var counts: (open: Int, total: Int) { state.withLock { ($0.open.count, $0.total) } }
}
