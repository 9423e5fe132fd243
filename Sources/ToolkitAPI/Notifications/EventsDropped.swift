/// The params of an `events.dropped` notification, `{"subscription", "reason", "lastDeliveredSeq"}`: a
/// subscriber fell too far behind, so the core ended its subscription; it resubscribes with `since` to catch up.
public struct EventsDropped: APINotification, Codable, Hashable {
    /// The notification's method.
    public static let method = "events.dropped"

    /// The subscription that was ended.
    public var subscription: Int
    /// Why, in a sentence.
    public var reason: String
    /// The `seq` of the last event it was sent.
    public var lastDeliveredSeq: Int

    /// Makes the params.
    public init(subscription: Int, reason: String, lastDeliveredSeq: Int) {
        self.subscription = subscription
        self.reason = reason
        self.lastDeliveredSeq = lastDeliveredSeq
    }
}
