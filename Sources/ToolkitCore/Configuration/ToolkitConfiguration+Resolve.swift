#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
public import Logging
import JSONRPC

extension ToolkitConfiguration {
    /// What the command line gave; nil means "not given".
    public struct Overrides: Sendable {
        public var socketPath: String?
        public var dataDirectory: String?
        public var configFile: String?
        public var logLevel: Logger.Level?
        public var allowedUIDs: [UInt32]

        public init(
            socketPath: String? = nil, dataDirectory: String? = nil, configFile: String? = nil,
            logLevel: Logger.Level? = nil, allowedUIDs: [UInt32] = []
        ) {
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
        return configuration
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
    }
}
