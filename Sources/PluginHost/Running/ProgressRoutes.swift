import JSONRPC
import NIOConcurrencyHelpers

/// The forwarded calls whose clients asked for progress (`"progress": true`), by the id each went out to
/// the plugin under: a plugin's `progress {"id": <the core's id>, …}` reaches the client that asked,
/// under the client's own id, with its other members unchanged. Progress for any other id is dropped.
final class ProgressRoutes: Sendable {
    private let routes = NIOLockedValueBox<[Int: RPCContext]>([:])

    /// Routes progress for the call `id` to the client of `context`, until ``remove(_:)``.
    func add(_ id: Int, _ context: RPCContext) {
        routes.withLockedValue { $0[id] = context }
    }

    func remove(_ id: Int) {
        routes.withLockedValue { _ = $0.removeValue(forKey: id) }
    }

    /// Sends the plugin's progress `params` on to the client whose call it names.
    /// - Returns: false when it names no call that a client wants progress for.
    @discardableResult
    func relay(_ params: RawJSON?) -> Bool {
        guard let params = try? params?.decode(JSONValue.self), case .object(let members) = params,
            case .int(let id) = params["id"], let context = routes.withLockedValue({ $0[id] }),
            let clientID = context.requestID.flatMap({ try? RawJSON(unchecked: $0.rawJSON).decode(JSONValue.self) })
        else { return false }
        let relayed = JSONValue.object(members.map { $0.0 == "id" ? ("id", clientID) : $0 })
        context.connection.send(
            notification: RPCRequest(method: RPCProgressReporter.method, id: nil, params: RawJSON(relayed)),
            droppable: true,
            onOverflow: nil)
        return true
    }
}
