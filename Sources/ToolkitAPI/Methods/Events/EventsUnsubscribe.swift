public import JSONRPC

/// `events.unsubscribe {subscription?}`: ends one subscription of this connection, or all of them.
public enum EventsUnsubscribe: APIMethod {
    public static let name = "events.unsubscribe"
    public static let effect: RPCMethodEffect = .read
    public static let summary = """
        Ends one subscription of this connection (by its number), or all of them when none is given.
        """
    public static let paramsSchema: JSONSchema = .object([
        "subscription": .integer(description: "From events.subscribe.")
    ])
    public static let resultSchema: JSONSchema = .object(["unsubscribed": .integer()])

    /// The params of `events.unsubscribe`: `{subscription?}`.
    public struct Params: Codable, Sendable, Hashable {
        /// From events.subscribe.
        public var subscription: Int?

        /// Makes the params; without a subscription every one of this connection's ends.
        public init(subscription: Int? = nil) {
            self.subscription = subscription
        }
    }

    /// What `events.unsubscribe` answers.
    public struct Result: Codable, Sendable, Hashable {
        /// How many subscriptions ended: 1 for the one named (an unknown one is -32001), else all of them.
        public var unsubscribed: Int

        /// Makes the answer.
        public init(unsubscribed: Int) { self.unsubscribed = unsubscribed }
    }
}
