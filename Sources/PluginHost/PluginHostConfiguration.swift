public import JSONRPC
import ToolkitAPI

/// Where the host finds plugins and how it treats them; resolved by `toolkit serve` and passed down.
public struct PluginHostConfiguration: Sendable {
    /// Places to look, in load order: the shipped folder, the user's folder, the config's `plugins.paths`,
    /// then each `--plugin`.
    public var paths: [String]
    /// Of ``paths``, the ones that may be missing without a warning (the shipped and the user's folder).
    public var optionalPaths: Set<String>
    /// Plugin names or paths not to load (`plugins.disabled`).
    public var disabled: Set<String>
    /// How long a forwarded call may take unless its method declares its own timeout.
    public var callTimeout: Duration
    /// The deadline of `getmanifest`, and of `init`.
    public var handshakeTimeout: Duration
    /// `plugins.options`: per plugin name, the options set in the config.
    public var options: [String: [String: JSONValue]]
    /// Bounds on each plugin's connection (message size, outgoing queue).
    public var limits: RPCServerConfiguration
    /// The core's socket and data directory, given to plugins in `init`.
    public var socketPath: String
    public var dataDirectory: String
    /// The plugins' environment, before `TOOLKIT_SOCKET` and `TOOLKIT_PLUGIN_NAME` are added.
    public var environment: [String: String]
    /// How long a plugin has to exit after `shutdown`, and again after SIGTERM.
    public var shutdownGrace: Duration
    /// How long the core's shutdown waits for the calls in flight to plugins before it stops them (the core's
    /// `shutdownGraceSeconds`).
    public var drainGrace: Duration

    /// The longest call timeout the core takes, from the command line, the config or a manifest: one day.
    public static let maximumCallTimeoutSeconds = PluginProtocol.maximumTimeoutSeconds

    /// `seconds` (above 0 and finite) as a timeout: whole milliseconds, at least one (a tiny positive number is
    /// not a zero timeout), at most ``maximumCallTimeoutSeconds`` (no number overflows a duration).
    public static func timeout(seconds: Double) -> Duration {
        PluginProtocol.timeout(seconds: seconds)
    }

    public init(
        paths: [String] = [], optionalPaths: Set<String> = [], disabled: Set<String> = [],
        callTimeout: Duration = .seconds(60), handshakeTimeout: Duration = .seconds(10),
        options: [String: [String: JSONValue]] = [:], limits: RPCServerConfiguration = RPCServerConfiguration(),
        socketPath: String = "", dataDirectory: String = "", environment: [String: String] = [:],
        shutdownGrace: Duration = .seconds(2), drainGrace: Duration = .seconds(10)
    ) {
        self.paths = paths
        self.optionalPaths = optionalPaths
        self.disabled = disabled
        self.callTimeout = callTimeout
        self.handshakeTimeout = handshakeTimeout
        self.options = options
        self.limits = limits
        self.socketPath = socketPath
        self.dataDirectory = dataDirectory
        self.environment = environment
        self.shutdownGrace = shutdownGrace
        self.drainGrace = drainGrace
    }
}
