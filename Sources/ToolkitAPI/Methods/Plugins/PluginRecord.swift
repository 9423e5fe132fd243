public import JSONRPC

/// One plugin as `plugins.list` and the other `plugins.*` methods show it.
public struct PluginRecord: Codable, Sendable, Hashable {
    /// Its manifest's name, else its file's name.
    public var name: String
    /// Its manifest's version; `null` before the handshake.
    public var version: String?
    /// The path it was loaded from.
    public var path: String
    /// `starting`, `handshaking`, `ready`, `backing off`, `failed`, `stopped` or `disabled`.
    public var state: String
    /// Why it is failed, disabled or backing off.
    public var reason: String?
    /// Its process id while it is handshaking or ready; `null` otherwise.
    public var pid: Int32?
    /// The methods its manifest adds.
    public var methods: [String]
    /// The hooks its manifest answers.
    public var hooks: [String]
    /// The event topics its manifest subscribes to.
    public var subscriptions: [String]
    /// Calls forwarded to it since the core started.
    public var calls: Int
    /// How many of those calls failed.
    public var errors: Int
    /// The median time of its recent calls, in milliseconds; `null` before its first call.
    public var p50Milliseconds: Double?
    /// Restarts after crashes since the core started; a start by hand counts none.
    public var restarts: Int
    /// Its resident memory in bytes, while it is ready; `null` otherwise.
    public var residentBytes: Int?
    /// Whether its manifest marks it important: the core refuses to run without it.
    public var important: Bool
    /// Its last 20 lines on stderr.
    public var stderr: [String]
    /// The warning its process last reported with plugin.status, while it is ready.
    public var warning: String?

    /// Makes the record; `warning` is nil unless given.
    public init(
        name: String, version: String?, path: String, state: String, reason: String?, pid: Int32?,
        methods: [String], hooks: [String], subscriptions: [String], calls: Int, errors: Int,
        p50Milliseconds: Double?, restarts: Int, residentBytes: Int?, important: Bool, stderr: [String],
        warning: String? = nil
    ) {
        self.name = name
        self.version = version
        self.path = path
        self.state = state
        self.reason = reason
        self.pid = pid
        self.methods = methods
        self.hooks = hooks
        self.subscriptions = subscriptions
        self.calls = calls
        self.errors = errors
        self.p50Milliseconds = p50Milliseconds
        self.restarts = restarts
        self.residentBytes = residentBytes
        self.important = important
        self.stderr = stderr
        self.warning = warning
    }

    /// The record's schema in `rpc.discover`.
    public static let schema: JSONSchema = .object(
        [
            "name": .string(), "version": .string(), "path": .string(),
            "state": .string(description: "starting, handshaking, ready, backing off, failed, stopped or disabled"),
            "reason": .string(), "pid": .integer(), "methods": .array(of: .string()),
            "hooks": .array(of: .string()), "subscriptions": .array(of: .string()), "calls": .integer(),
            "errors": .integer(), "p50Milliseconds": .number(), "restarts": .integer(),
            "residentBytes": .integer(), "important": .boolean(),
            "stderr": .array(of: .string(), description: "its last 20 lines on stderr"),
            "warning": .string(
                description: "the warning its process last reported with plugin.status, while it is ready"),
        ],
        required: ["name", "path", "state", "methods", "calls", "errors", "restarts", "important"])
}
