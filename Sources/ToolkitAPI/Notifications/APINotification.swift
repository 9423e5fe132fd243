import JSONRPC

/// A notification of the catalogue: its method and the params it carries.
///
/// The core sends them with the type's ``method`` and clients match on it
/// (`notification.method == ProgressNotification.method`), so no notification name is spelt twice, as no topic
/// is (``APIEvent``). ``NotificationCatalogue`` lists them all.
public protocol APINotification: Sendable {
    /// The notification's method, as it appears on the wire.
    static var method: String { get }
}

/// Every notification the core sends to its clients, by type: the one place their names are written.
public enum NotificationCatalogue {
    /// The core's notifications: `event`, `progress` and `events.dropped`.
    public static let all: [any APINotification.Type] = [
        EventNotification<JSONValue>.self,
        ProgressNotification.self,
        EventsDropped.self,
    ]

    /// Every method of ``all``.
    public static var methods: [String] { all.map { $0.method } }
}
