public import ChildProcesses
public import FFmpeg
#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
public import JSONRPC
public import Logging

/// Everything the core is configured with, resolved once at start-up (flags > environment > config file >
/// defaults) and passed down. Every default is here.
public struct ToolkitConfiguration: Sendable {
    /// Who may connect besides the core's own user.
    public struct Access: Sendable, Hashable {
        public var allowedUIDs: Set<UInt32>
        public var allowedGIDs: Set<UInt32>

        public init(allowedUIDs: Set<UInt32> = [], allowedGIDs: Set<UInt32> = []) {
            self.allowedUIDs = allowedUIDs
            self.allowedGIDs = allowedGIDs
        }
    }

    /// Bounds on memory and work per connection and for events.
    public struct Limits: Sendable, Hashable {
        public var connection: RPCServerConfiguration
        /// Events kept for `events.subscribe {since}` replays.
        public var eventReplayCapacity: Int
        /// ffmpeg runs at once (posters, transcodes, probes), so a bulk import cannot take every processor from
        /// the socket: one per two processors, at least one.
        public var ffmpegRuns: Int
        /// What each ffmpeg run may use: its deadline (`limits.ffmpegSeconds`) and address space
        /// (`limits.ffmpegMemoryMiB`), so that a hostile clip cannot hold a run slot or the machine's memory.
        public var ffmpegProcess: ProcessLimits

        public init(
            connection: RPCServerConfiguration = RPCServerConfiguration(), eventReplayCapacity: Int = 1024,
            ffmpegRuns: Int = FFmpeg.defaultConcurrentRuns, ffmpegProcess: ProcessLimits = ProcessLimits()
        ) {
            self.connection = connection
            self.eventReplayCapacity = eventReplayCapacity
            self.ffmpegRuns = ffmpegRuns
            self.ffmpegProcess = ffmpegProcess
        }
    }

    /// Which handler plugins the core loads, and how it treats them (docs/plugins.md).
    public struct Plugins: Sendable {
        /// Whether any are loaded (`--no-plugins` turns this off).
        public var enabled: Bool
        /// The shipped plugins' folder (`PREFIX/lib/toolkit/plugins`), when there is one.
        public var shippedFolder: String?
        /// `$XDG_CONFIG_HOME/toolkit/plugins`.
        public var userFolder: String?
        /// The config's `plugins.paths`.
        public var configuredPaths: [String]
        /// Each `--plugin PATH`.
        public var commandLinePaths: [String]
        /// `plugins.disabled`: names or paths.
        public var disabled: Set<String>
        public var callTimeout: Duration
        public var handshakeTimeout: Duration
        /// `plugins.options`, per plugin name.
        public var options: [String: [String: JSONValue]]

        public init(
            enabled: Bool = true, shippedFolder: String? = nil, userFolder: String? = nil,
            configuredPaths: [String] = [], commandLinePaths: [String] = [], disabled: Set<String> = [],
            callTimeout: Duration = .seconds(60), handshakeTimeout: Duration = .seconds(10),
            options: [String: [String: JSONValue]] = [:]
        ) {
            self.enabled = enabled
            self.shippedFolder = shippedFolder
            self.userFolder = userFolder
            self.configuredPaths = configuredPaths
            self.commandLinePaths = commandLinePaths
            self.disabled = disabled
            self.callTimeout = callTimeout
            self.handshakeTimeout = handshakeTimeout
            self.options = options
        }
    }

    /// The Unix socket the core listens on.
    public var socketPath: String
    /// Where the database and blobs live.
    public var dataDirectory: String
    /// The config's `archiveDir` (absolute): where archives go when `to`/`--to` names no directory; nil for
    /// the default, `archives/` in the data directory.
    public var configuredArchiveDirectory: String?
    /// The config's `ffmpegPath` (absolute): the ffmpeg video features run; nil to take the first on `PATH`.
    public var ffmpegPath: String?
    /// The config's `videoTranscode`: when videos get a browser-playable copy.
    public var videoTranscode: VideoTranscodePolicy = .auto
    /// The config's `mcp.roots` (absolute directories): where `toolkit mcp` lets an assistant name files,
    /// besides the roots its client gives.
    public var mcpRoots: [String] = []
    /// The config's `mcp.allowPrivateURLs`: whether `toolkit mcp` lets an assistant import from loopback,
    /// link-local and private addresses.
    public var mcpAllowsPrivateURLs = false
    /// The config's `web.hosts`: names besides its listen address and `localhost` that `toolkit web` answers
    /// (the `Host` header a browser sends; DNS rebinding is refused by this check).
    public var webHosts: [String] = []
    /// The config's `limits.uploadBytes`: the largest file `toolkit web` takes at `POST /api/upload`; 4 GiB when
    /// unset.
    public var uploadBytes: Int64 = 4 << 30
    /// The config's `timeZone` (an IANA name), else the system's: the diary's days, where a moment's source names
    /// no UTC offset, and today's date.
    public var timeZone: TimeZone = .current
    /// The config file that was read, if any.
    public var configFile: String?
    public var logLevel: Logger.Level
    public var access: Access
    public var limits: Limits
    /// How long running requests may take to finish after SIGTERM before they are cancelled.
    public var shutdownGracePeriod: Duration
    public var plugins: Plugins
    /// The environment plugins get (the core's own).
    public var environment: [String: String]

    public init(
        socketPath: String,
        dataDirectory: String,
        configFile: String? = nil,
        logLevel: Logger.Level = .info,
        access: Access = Access(),
        limits: Limits = Limits(),
        shutdownGracePeriod: Duration = .seconds(10),
        plugins: Plugins = Plugins(enabled: false),
        environment: [String: String] = [:]
    ) {
        self.socketPath = socketPath
        self.dataDirectory = dataDirectory
        self.configFile = configFile
        self.logLevel = logLevel
        self.access = access
        self.limits = limits
        self.shutdownGracePeriod = shutdownGracePeriod
        self.plugins = plugins
        self.environment = environment
    }
}
