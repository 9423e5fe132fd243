import JSONRPC

/// `events.emit {topic, data?}`: lets scripts and plugins publish their own events under `user.`.
struct EventsEmit: RPCImmediateMethod {
    static let name = "events.emit"
    static let summary = "Publishes an event of your own to every subscriber. The topic must begin with 'user.' so it cannot pass for one of the core's."
    static let paramsSchema = JSONSchema.object(
        [
            "topic": .string(description: "For example user.walk.started.", pattern: "^user\\.[A-Za-z0-9_.-]+$"),
            "data": .any,
        ],
        required: ["topic"])
    static let resultSchema = JSONSchema.object(["seq": .integer()])

    struct Params: Decodable, Sendable {
        var topic: String
        var data: JSONValue?
    }

    struct Result: Encodable, Sendable {
        var seq: UInt64
    }

    let events: EventBus

    func handle(_ params: Params, context: RPCContext) throws -> Result {
        let suffix = params.topic.dropFirst("user.".count)
        guard params.topic.hasPrefix("user."), !suffix.isEmpty,
            suffix.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "_.-".contains($0)) })
        else {
            throw RPCError.invalidParams(
                "Topic '\(params.topic)' is not allowed: emitted topics look like 'user.something' (letters, digits, _ . -).",
                field: "topic")
        }
        let seq = events.nextSeq
        events.publish(params.topic, data: params.data ?? .object([]))
        return Result(seq: seq)
    }
}
