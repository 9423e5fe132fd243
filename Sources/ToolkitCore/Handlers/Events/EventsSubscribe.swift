import JSONRPC

/// `events.subscribe {topics, since?}`: pushes `event` notifications for matching topics on this connection.
struct EventsSubscribe: RPCImmediateMethod {
    static let name = "events.subscribe"
    typealias Result = EventBus.Subscription
    static let summary = "Subscribes this connection to events: exact topics, 'noun.*' families, or '*'. With since, first replays the buffered events after that seq."
    static let paramsSchema = JSONSchema.object(
        [
            "topics": .array(of: .string(), description: "Topics such as photo.imported, album.*, or * for all."),
            "since": .integer(description: "Replay buffered events whose seq is greater than this.", minimum: 0),
        ],
        required: ["topics"])
    static let resultSchema = JSONSchema.object([
        "subscription": .integer(), "seq": .integer(), "replayed": .integer(), "missed": .boolean(),
    ])

    struct Params: Decodable, Sendable {
        var topics: [String]
        var since: UInt64?
    }

    let events: EventBus

    func handle(_ params: Params, context: RPCContext) throws -> EventBus.Subscription {
        guard !params.topics.isEmpty else {
            throw RPCError.invalidParams("Give at least one topic, or \"*\" for all.", field: "topics")
        }
        if let bad = params.topics.first(where: { $0.isEmpty || ($0.contains("*") && $0 != "*" && !$0.hasSuffix(".*")) }) {
            throw RPCError.invalidParams(
                "Topic '\(bad)' is not valid: use an exact topic, a family like 'photo.*', or '*'.", field: "topics")
        }
        return events.subscribe(params.topics, since: params.since, connection: context.connection)
    }
}
