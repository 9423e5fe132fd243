/// The params of an `event` notification, `{"seq", "topic", "time", "data"}`: what subscribed clients and
/// plugins get for each event, its `data` typed as `Data` (an ``APIEvent``'s, or `JSONValue`).
public struct EventNotification<Data: Sendable>: APINotification {
    /// The notification's method.
    public static var method: String { "event" }

    /// The core's sequence number, increasing; the same for every subscriber.
    public var seq: UInt64
    /// The event's topic, such as `entry.created`.
    public var topic: String
    /// When the core published it, RFC 3339.
    public var time: String
    /// What the event carries (an ``EntryRecord`` for `entry.created`, say).
    public var data: Data

    /// Makes an event.
    public init(seq: UInt64, topic: String, time: String, data: Data) {
        self.seq = seq
        self.topic = topic
        self.time = time
        self.data = data
    }
}

extension EventNotification: Encodable where Data: Encodable {}
extension EventNotification: Decodable where Data: Decodable {}
extension EventNotification: Equatable where Data: Equatable {}
extension EventNotification: Hashable where Data: Hashable {}
