/// An event of the core's catalogue: its topic and the wire record its `data` holds.
///
/// The core publishes with the type (`events.publish(EntryCreated.self, record)`), a client or plugin
/// subscribes with it (`plugin.on(EntryCreated.self) { event in event.data.title }`), and both read the
/// topic from ``topic``, so no topic is spelt twice. ``EventCatalogue`` lists them all.
public protocol APIEvent: Sendable {
    /// What the event's `data` holds.
    associatedtype Data: Codable & Sendable
    /// The topic subscribers name in `events.subscribe` and manifests, `noun.verb`.
    static var topic: String { get }
    /// One sentence: when the core publishes it.
    static var summary: String { get }
}
