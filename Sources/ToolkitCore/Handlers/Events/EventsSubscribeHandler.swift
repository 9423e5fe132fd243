import JSONRPC
import ToolkitAPI

/// Answers `events.subscribe` as ToolkitAPI's ``EventsSubscribe`` describes it.
struct EventsSubscribeHandler: RPCImmediateHandler {
    typealias Method = EventsSubscribe

    let events: EventBus

    func handle(_ params: Method.Params, context: RPCContext) throws -> Method.Result {
        guard !params.topics.isEmpty else {
            throw RPCError.invalidParams("Give at least one topic, or \"*\" for all.", field: "topics")
        }
        if let bad = params.topics.first(where: { $0.isEmpty || ($0.contains("*") && $0 != "*" && !$0.hasSuffix(".*")) }
        ) {
            throw RPCError.invalidParams(
                "Topic '\(bad)' is not valid: use an exact topic, a family like 'photo.*', or '*'.", field: "topics")
        }
        return events.subscribe(params.topics, since: params.since, connection: context.connection)
    }
}
