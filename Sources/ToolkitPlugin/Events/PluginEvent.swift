public import ToolkitAPI

/// One `event` notification from the core, its `data` decoded as the subscription asked:
/// ToolkitAPI's ``ToolkitAPI/EventNotification``, `{"seq", "topic", "time", "data"}`, exactly as clients
/// get events.
public typealias PluginEvent<Data: Decodable & Sendable> = EventNotification<Data>
