import JSONRPC
import ToolkitAPI

/// Answers `events.unsubscribe` as ToolkitAPI's ``EventsUnsubscribe`` describes it.
struct EventsUnsubscribeHandler: RPCImmediateHandler {
    typealias Method = EventsUnsubscribe

    let events: EventBus

    func handle(_ params: Method.Params, context: RPCContext) throws -> Method.Result {
        let connectionID = context.connection.connectionID
        guard let subscription = params.subscription else {
            return Method.Result(unsubscribed: events.unsubscribeAll(connectionID: connectionID))
        }
        guard events.unsubscribe(subscription, connectionID: connectionID) else {
            throw RPCError(
                code: .notFound, message: "This connection has no subscription \(subscription).",
                data: ["kind": "subscription", "id": .int(subscription)])
        }
        return Method.Result(unsubscribed: 1)
    }
}
