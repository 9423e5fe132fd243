/// The params of the `events.publish {"topic", "data"}` notification a plugin sends on its stdout to
/// publish an event of its own: the core gives it the next `seq` and sends it to every subscriber. Its
/// topic is `noun.verb` with a noun of the plugin's (``EventCatalogue/mayPublish(_:)``); the core drops any
/// other.
public struct EventsPublish<Data: Sendable>: Sendable {
    /// The notification's method.
    public static var method: String { "events.publish" }

    /// The event's topic, `memories.found` say.
    public var topic: String
    /// The event's `data`.
    public var data: Data

    /// Makes the params.
    public init(topic: String, data: Data) {
        self.topic = topic
        self.data = data
    }
}

extension EventsPublish: Encodable where Data: Encodable {}
extension EventsPublish: Decodable where Data: Decodable {}
extension EventsPublish: Equatable where Data: Equatable {}
extension EventsPublish: Hashable where Data: Hashable {}
