public import JSONRPC

/// `events.subscribe {topics, since?}`: pushes `event` notifications for matching topics on this connection.
public enum EventsSubscribe: APIMethod {
    public static let name = "events.subscribe"
    public static let effect: RPCMethodEffect = .read
    public static let summary = """
        Subscribes this connection to events: exact topics, 'noun.*' families, or '*'. With since, first replays \
        the buffered events after that seq.
        """
    public static let paramsSchema: JSONSchema = .object(
        [
            "topics": .array(of: .string(), description: "Topics such as photo.imported, album.*, or * for all."),
            "since": .integer(description: "Replay buffered events whose seq is greater than this.", minimum: 0),
        ],
        required: ["topics"])
    public static let resultSchema: JSONSchema = .object([
        "subscription": .integer(), "seq": .integer(), "replayed": .integer(), "missed": .boolean(),
    ])

    /// The params of `events.subscribe`: `{topics, since?}`.
    public struct Params: Codable, Sendable, Hashable {
        /// Topics such as photo.imported, album.*, or * for all.
        public var topics: [String]
        /// Replay buffered events whose seq is greater than this.
        public var since: UInt64?

        /// Makes the params; without `since` nothing is replayed.
        public init(topics: [String], since: UInt64? = nil) {
            self.topics = topics
            self.since = since
        }
    }

    /// What `events.subscribe` answers.
    public struct Result: Codable, Sendable, Hashable {
        /// Identifies the subscription for `events.unsubscribe`.
        public var subscription: Int
        /// The newest event's `seq` when the subscription began.
        public var seq: UInt64
        /// Events replayed from the buffer because of `since`.
        public var replayed: Int
        /// True when events after `since` are no longer in the buffer and were lost to this client, or `since` is
        /// past the newest `seq` (a client's from before the core restarted).
        public var missed: Bool

        /// Makes the answer.
        public init(subscription: Int, seq: UInt64, replayed: Int, missed: Bool) {
            self.subscription = subscription
            self.seq = seq
            self.replayed = replayed
            self.missed = missed
        }
    }
}
