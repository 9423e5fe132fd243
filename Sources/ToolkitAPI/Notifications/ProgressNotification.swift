public import JSONRPC

/// The params of a `progress` notification, `{"id", "done", "total", "unit"}`: how far a request whose params
/// had `"progress": true` has got. At most one every 100 ms, plus the final one.
public struct ProgressNotification: APINotification, Codable, Hashable {
    /// The notification's method, `progress` (``JSONRPC/RPCProgressReporter/method``).
    public static var method: String { RPCProgressReporter.method }

    /// The id of the request it reports on.
    public var id: JSONValue
    /// How many units are done.
    public var done: Int
    /// How many units there are in all; nil when unknown.
    public var total: Int?
    /// What is counted: `bytes`, `files`, `ms`, …
    public var unit: String

    /// Makes the params.
    public init(id: JSONValue, done: Int, total: Int?, unit: String) {
        self.id = id
        self.done = done
        self.total = total
        self.unit = unit
    }
}
