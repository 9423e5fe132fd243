/// One `event` notification from the core, its `data` decoded as the subscription asked:
/// `{"seq", "topic", "time", "data"}`, exactly as clients get events.
public struct PluginEvent<Data: Decodable & Sendable>: Decodable, Sendable {
    /// The core's sequence number; the same that clients see.
    public var seq: UInt64
    /// The event's topic, such as `entry.created`.
    public var topic: String
    /// When the core published it, RFC 3339.
    public var time: String
    /// What the event carries (an `EntryRecord` for `entry.created`, say).
    public var data: Data
}
