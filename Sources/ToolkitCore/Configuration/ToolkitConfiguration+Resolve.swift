#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
public import Logging
import ChildProcesses
import FFmpeg
import JSONRPC
import PluginHost

extension ToolkitConfiguration {
    /// What the command line gave; nil means "not given".
    public struct Overrides: Sendable {
        public var socketPath: String?
        public var dataDirectory: String?
        public var configFile: String?
        public var logLevel: Logger.Level?
        public var allowedUIDs: [UInt32]
        /// `--plugin PATH`, in order.
        public var pluginPaths: [String]
        /// `--no-plugins`.
        public var noPlugins: Bool
        /// `--plugin-call-timeout SECONDS`.
        public var pluginCallTimeout: Duration?
        /// The shipped plugins' folder, found beside the binary.
        public var shippedPluginFolder: String?

        public init(
            socketPath: String? = nil, dataDirectory: String? = nil, configFile: String? = nil,
            logLevel: Logger.Level? = nil, allowedUIDs: [UInt32] = [], pluginPaths: [String] = [],
            noPlugins: Bool = false, pluginCallTimeout: Duration? = nil, shippedPluginFolder: String? = nil
        ) {
            self.pluginPaths = pluginPaths
            self.noPlugins = noPlugins
            self.pluginCallTimeout = pluginCallTimeout
            self.shippedPluginFolder = shippedPluginFolder
            self.socketPath = socketPath
            self.dataDirectory = dataDirectory
            self.configFile = configFile
            self.logLevel = logLevel
            self.allowedUIDs = allowedUIDs
        }
    }

    /// Resolves the configuration: flags, then `TOOLKIT_*` environment variables, then the config file
    /// (`--config`, else `$XDG_CONFIG_HOME/toolkit/config.json` when it exists), then the defaults.
    /// - Throws: ``CoreError`` `.configuration` for an unreadable or invalid config file or log level.
    public static func resolve(_ overrides: Overrides, environment: [String: String]) throws -> ToolkitConfiguration {
        let paths = DefaultPaths(environment: environment)
        let explicitFile = overrides.configFile ?? environment["TOOLKIT_CONFIG"].nonEmpty
        let fileToRead =
            explicitFile ?? (FileManager.default.fileExists(atPath: paths.configFile) ? paths.configFile : nil)
        let file = try fileToRead.map(ConfigFile.load(from:))

        var configuration = ToolkitConfiguration(
            socketPath: overrides.socketPath ?? environment["TOOLKIT_SOCKET"].nonEmpty ?? file?.socket
                ?? paths.socketPath,
            dataDirectory: overrides.dataDirectory ?? environment["TOOLKIT_DATA_DIR"].nonEmpty ?? file?.dataDir
                ?? paths.dataDirectory,
            configFile: fileToRead
        )
        if let archiveDir = file?.archiveDir {
            guard archiveDir.hasPrefix("/") else {
                throw CoreError(.configuration, "archiveDir '\(archiveDir)' is relative; give an absolute directory.")
            }
            configuration.configuredArchiveDirectory = archiveDir
        }
        if let ffmpegPath = file?.ffmpegPath {
            guard ffmpegPath.hasPrefix("/") else {
                throw CoreError(.configuration, "ffmpegPath '\(ffmpegPath)' is relative; give an absolute path.")
            }
            configuration.ffmpegPath = ffmpegPath
        }
        if let policy = file?.videoTranscode {
            guard let known = VideoTranscodePolicy(rawValue: policy) else {
                let names = VideoTranscodePolicy.allCases.map(\.rawValue).joined(separator: ", ")
                throw CoreError(.configuration, "videoTranscode '\(policy)' is not a policy; use one of \(names).")
            }
            configuration.videoTranscode = known
        }
        if let name = file?.timeZone {
            guard let zone = TimeZone(identifier: name), name.contains("/") || ["UTC", "GMT"].contains(name) else {
                throw CoreError(
                    .configuration,
                    "timeZone '\(name)' is not a time zone; use an IANA name such as Asia/Seoul, "
                        + "America/Los_Angeles or UTC (timedatectl list-timezones lists them).")
            }
            configuration.timeZone = zone
        }
        for root in file?.mcp?.roots ?? [] where !root.hasPrefix("/") {
            throw CoreError(.configuration, "mcp.roots: '\(root)' is relative; give absolute directories.")
        }
        configuration.mcpRoots = file?.mcp?.roots ?? []
        configuration.mcpAllowsPrivateURLs = file?.mcp?.allowPrivateURLs ?? false
        for host in file?.web?.hosts ?? []
        where host.isEmpty || host.contains(where: { $0.isWhitespace || "/:@".contains($0) }) {
            throw CoreError(
                .configuration, "web.hosts: '\(host)' is not a host name; give names such as pets.lan, without a port.")
        }
        configuration.webHosts = file?.web?.hosts ?? []
        if let bytes = file?.limits?.uploadBytes {
            guard bytes > 0 else {
                throw CoreError(.configuration, "limits.uploadBytes is \(bytes); give a number of bytes above 0.")
            }
            configuration.uploadBytes = bytes
        }
        let levelName = environment["TOOLKIT_LOG_LEVEL"].nonEmpty ?? file?.logLevel
        if let level = overrides.logLevel {
            configuration.logLevel = level
        } else if let levelName {
            guard let level = Logger.Level(rawValue: levelName) else {
                let names = Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")
                throw CoreError(.configuration, "Unknown log level '\(levelName)'; use one of \(names).")
            }
            configuration.logLevel = level
        }
        configuration.access = Access(
            allowedUIDs: Set((file?.access?.uids ?? []) + overrides.allowedUIDs),
            allowedGIDs: Set(file?.access?.gids ?? [])
        )
        if let limits = file?.limits {
            try configuration.limits.apply(limits)
        }
        if let grace = file?.shutdownGraceSeconds {
            guard grace >= 0, grace <= 3600 else {
                throw CoreError(.configuration, "shutdownGraceSeconds must be between 0 and 3600; it is \(grace).")
            }
            configuration.shutdownGracePeriod = .milliseconds(Int(grace * 1000))
        }
        configuration.environment = environment
        configuration.plugins = try Plugins(
            overrides, file: file?.plugins, userFolder: paths.configDirectory + "/plugins")
        return configuration
    }
}

extension ToolkitConfiguration.Plugins {
    fileprivate init(
        _ overrides: ToolkitConfiguration.Overrides, file: ConfigFile.Plugins?, userFolder: String
    ) throws {
        func seconds(_ value: Double?, _ name: String) throws -> Duration? {
            guard let value else { return nil }
            let most = PluginHostConfiguration.maximumCallTimeoutSeconds
            guard value > 0, value <= Double(most) else {
                throw CoreError(
                    .configuration, "plugins.\(name) must be between 0 and \(most) seconds; it is \(value).")
            }
            return PluginHostConfiguration.timeout(seconds: value)
        }
        self.init(
            enabled: !overrides.noPlugins, shippedFolder: overrides.shippedPluginFolder, userFolder: userFolder,
            configuredPaths: file?.paths ?? [], commandLinePaths: overrides.pluginPaths,
            disabled: Set(file?.disabled ?? []),
            callTimeout: try overrides.pluginCallTimeout ?? seconds(file?.callTimeout, "callTimeout") ?? .seconds(60),
            handshakeTimeout: try seconds(file?.handshakeTimeout, "handshakeTimeout") ?? .seconds(10),
            options: file?.options ?? [:])
    }
}

extension ToolkitConfiguration.Limits {
    fileprivate mutating func apply(_ file: ConfigFile.Limits) throws {
        func checked(_ value: Int?, _ name: String, _ range: ClosedRange<Int>) throws -> Int? {
            guard let value else { return nil }
            guard range.contains(value) else {
                throw CoreError(
                    .configuration,
                    "limits.\(name) must be between \(range.lowerBound) and \(range.upperBound); it is \(value).")
            }
            return value
        }
        if let value = try checked(file.maxMessageBytes, "maxMessageBytes", 1024...(1 << 30)) {
            connection.maximumMessageBytes = value
        }
        if let value = try checked(file.maxOutgoingBytes, "maxOutgoingBytes", 64 * 1024...(1 << 30)) {
            connection.maximumOutgoingBytes = value
        }
        if let value = try checked(file.maxConcurrentRequests, "maxConcurrentRequests", 1...65536) {
            connection.maximumConcurrentRequests = value
        }
        if let value = try checked(file.eventReplay, "eventReplay", 0...1_000_000) {
            eventReplayCapacity = value
        }
        if let value = try checked(file.ffmpegRuns, "ffmpegRuns", 1...64) {
            ffmpegRuns = value
        }
        if let value = try checked(file.ffmpegSeconds, "ffmpegSeconds", 1...86_400) {
            ffmpegProcess.deadline = .seconds(value)
        }
        if let value = try checked(file.ffmpegMemoryMiB, "ffmpegMemoryMiB", 512...(1 << 20)) {
            ffmpegProcess.memoryBytes = UInt64(value) << 20
        }
    }
}
