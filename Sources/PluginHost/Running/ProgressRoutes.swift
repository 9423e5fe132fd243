import JSONRPC
import Synchronization

/// The forwarded calls whose clients asked for progress (`"progress": true`), by the id each went out to
/// the plugin under: a plugin's `progress {"id": <the core's id>, …}` reaches the client that asked,
/// under the client's own id, with its other members unchanged. Progress for any other id is dropped.
final class ProgressRoutes: Sendable {
    private let routes = Mutex<[Int: RPCContext]>([:])

    /// Runs `call` with `context` routed under the id the call reports through the closure it is given,
    /// while it runs; when the client did not ask for progress, nothing is routed.
    func routing<Value>(
        _ context: RPCContext, _ call: (_ issued: @escaping @Sendable (Int) -> Void) async throws -> Value
    ) async throws -> Value {
        guard context.asksForProgress else { return try await call { _ in } }
        let issuedID = IssuedID()
        defer {
            if let id = issuedID.value { routes.withLock { _ = $0.removeValue(forKey: id) } }
        }
        return try await call { [self] id in
            issuedID.value = id
            routes.withLock { $0[id] = context }
        }
    }

    /// Sends the plugin's progress `params` on to the client whose call it names.
    /// - Returns: false when it names no call that a client wants progress for.
    @discardableResult
    func relay(_ params: RawJSON?) -> Bool {
        guard let params = try? params?.decode(JSONValue.self), case .object(let members) = params,
            case .int(let id) = params["id"], let context = routes.withLock({ $0[id] }),
            let clientID = context.requestID.flatMap({ try? RawJSON(unchecked: $0.rawJSON).decode(JSONValue.self) })
        else { return false }
        let relayed = JSONValue.object(members.map { $0.0 == "id" ? ("id", clientID) : $0 })
        context.connection.send(
            notification: RPCRequest(method: "progress", id: nil, params: RawJSON(relayed)), droppable: true,
            onOverflow: nil)
        return true
    }
}

/// The id a forwarded call went out under, once it is known.
private final class IssuedID: Sendable {
    private let id = Mutex<Int?>(nil)

    var value: Int? {
        get { id.withLock { $0 } }
        set { id.withLock { $0 = newValue } }
    }
}
