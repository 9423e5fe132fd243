public import JSONRPC

/// `events.emit {topic, data?}`: lets scripts and plugins publish their own events under `user.`.
public enum EventsEmit: APIMethod {
    public static let name = "events.emit"
    public static let effect: RPCMethodEffect = .write
    public static let summary = """
        Publishes an event of your own to every subscriber. The topic must begin with 'user.' so it cannot pass \
        for one of the core's.
        """
    public static let paramsSchema: JSONSchema = .object(
        [
            "topic": .string(description: "For example user.walk.started.", pattern: "^user\\.[A-Za-z0-9_.-]+$"),
            "data": .any,
        ],
        required: ["topic"])
    public static let resultSchema: JSONSchema = .object(["seq": .integer()])

    /// The params of `events.emit`: `{topic, data?}`.
    public struct Params: Codable, Sendable, Hashable {
        /// For example user.walk.started.
        public var topic: String
        /// The event's `data`, any JSON; `{}` when absent.
        public var data: JSONValue?

        /// Makes the params; the core refuses a topic not of the form `user.NAME` with -32602 naming `topic`.
        public init(topic: String, data: JSONValue? = nil) {
            self.topic = topic
            self.data = data
        }
    }

    /// What `events.emit` answers.
    public struct Result: Codable, Sendable, Hashable {
        /// The event's `seq`.
        public var seq: UInt64

        /// Makes the answer.
        public init(seq: UInt64) { self.seq = seq }
    }
}
