public import JSONRPC

/// One plugin as `plugins.list` and the other `plugins.*` methods show it.
public struct PluginRecord: Codable, Sendable, Hashable {
    public var name: String
    public var version: String?
    public var path: String
    /// `starting`, `handshaking`, `ready`, `backing off`, `failed`, `stopped` or `disabled`.
    public var state: String
    /// Why it is failed, disabled or backing off.
    public var reason: String?
    public var pid: Int32?
    public var methods: [String]
    public var hooks: [String]
    public var subscriptions: [String]
    public var calls: Int
    public var errors: Int
    public var p50Milliseconds: Double?
    public var restarts: Int
    public var residentBytes: Int?
    public var important: Bool
    /// Its last 20 lines on stderr.
    public var stderr: [String]
    /// The warning its process last reported with plugin.status, while it is ready.
    public var warning: String?

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
