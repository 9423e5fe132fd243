import ArgumentParser
import Foundation
import Logging
import ServiceLifecycle
import ToolkitCore
import UnixSignals

/// `toolkit serve`: runs the core in the foreground until SIGTERM or SIGINT.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the core: serve JSON-RPC on the Unix socket until SIGTERM or SIGINT.",
        discussion: """
            The socket's directory is made 0700 and the socket 0600; only your own user (and the uids and gids \
            the config file allows) may connect. A stale socket left by a dead core is replaced; if another core \
            is listening, this one exits with status 75. Clients are accepted once every plugin found at start \
            is ready, disabled or failed; under systemd (Type=notify) the core then sends READY=1. On SIGTERM or \
            SIGINT the core stops accepting, lets running requests finish (10 s by default), removes the socket \
            and exits 0.

            Configuration, strongest first: flags, TOOLKIT_SOCKET / TOOLKIT_DATA_DIR / TOOLKIT_CONFIG / \
            TOOLKIT_LOG_LEVEL, the config file ($XDG_CONFIG_HOME/toolkit/config.json), defaults.

            Plugins are loaded, in this order, from PREFIX/lib/toolkit/plugins beside the binary, \
            $XDG_CONFIG_HOME/toolkit/plugins, the config's plugins.paths and each --plugin; docs/plugins.md has \
            the protocol. A plugin file that another user could change is refused.

            Examples:
              toolkit serve             # the defaults: data in ~/.local/share/toolkit
              toolkit serve --data-dir /srv/pets --log-level debug
              toolkit serve --socket /tmp/pets.sock --allow-uid 1001
              toolkit serve --plugin ~/pet-plugins/hello.py --plugin-call-timeout 10
            """
    )

    @OptionGroup var global: LocationOptions

    @Option(
        name: .long, help: ArgumentHelp("A JSON config file to read instead of the default one.", valueName: "file"))
    var config: String?

    @Option(
        name: .customLong("log-level"),
        help: ArgumentHelp(
            "trace, debug, info, notice, warning, error or critical (default: info).", valueName: "level"))
    var logLevel: String?

    @Option(
        name: .customLong("allow-uid"),
        help: ArgumentHelp("Also let this user id connect (repeatable).", valueName: "uid"))
    var allowedUIDs: [UInt32] = []

    @Option(
        name: .customLong("plugin"),
        help: ArgumentHelp(
            "Also load this plugin: an executable, a folder NAME/ holding NAME, or a folder of plugins (repeatable).",
            valueName: "path"))
    var pluginPaths: [String] = []

    @Flag(name: .customLong("no-plugins"), help: "Load no plugins at all (not even those given by --plugin).")
    var noPlugins = false

    @Option(
        name: .customLong("plugin-call-timeout"),
        help: ArgumentHelp(
            "How long a call to a plugin method may take before it is answered -32004, for methods whose "
                + "plugin declares no timeout of their own (default: 60; a method's own timeout wins).",
            valueName: "seconds"))
    var pluginCallTimeout: Double?

    func validate() throws {
        if let pluginCallTimeout, !(pluginCallTimeout > 0 && pluginCallTimeout <= 86_400) {
            throw ValidationError("--plugin-call-timeout must be between 0 and 86400 seconds.")
        }
        if let logLevel, Logger.Level(rawValue: logLevel) == nil {
            throw ValidationError(
                "Unknown log level '\(logLevel)'; use trace, debug, info, notice, warning, error or critical.")
        }
    }

    /// `PREFIX/lib/toolkit/plugins` for the binary at `PREFIX/bin/toolkit`.
    static var shippedPluginFolder: String? {
        guard let binary = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
            return nil
        }
        let prefix = URL(fileURLWithPath: binary).deletingLastPathComponent().deletingLastPathComponent()
        return prefix.appendingPathComponent("lib/toolkit/plugins").path
    }

    func run() async throws {
        MallocPolicy.applyForTheCore()
        if noPlugins, !pluginPaths.isEmpty {
            let paths = pluginPaths.joined(separator: ", ")
            printError("warning: --no-plugins loads no plugins, so --plugin \(paths) is not loaded either.")
        }
        let environment = global.environment
        let configuration: ToolkitConfiguration
        do {
            configuration = try ToolkitConfiguration.resolve(
                .init(
                    socketPath: global.socket, dataDirectory: global.dataDirectory, configFile: config,
                    logLevel: logLevel.flatMap(Logger.Level.init(rawValue:)), allowedUIDs: allowedUIDs,
                    pluginPaths: pluginPaths, noPlugins: noPlugins,
                    pluginCallTimeout: pluginCallTimeout.map { .milliseconds(Int($0 * 1000)) },
                    shippedPluginFolder: Self.shippedPluginFolder),
                environment: environment)
        } catch let error as CoreError {
            printError(error.description)
            throw ToolkitExit.configuration
        }
        let level = configuration.logLevel
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "toolkit")
        let core: Core
        do {
            core = try Core(
                configuration: configuration, logger: logger,
                isDefaultSocketLocation: configuration.socketPath == DefaultPaths(environment: environment).socketPath)
        } catch {
            printError("Cannot start: \(error)")
            throw ToolkitExit.software
        }
        let group = ServiceGroup(
            configuration: .init(
                services: core.services.map { .init(service: $0) },
                gracefulShutdownSignals: [.sigterm, .sigint],
                logger: logger))
        do {
            try await group.run()
            do {
                try core.close()
            } catch {
                logger.warning("The database was left with its write-ahead log", metadata: ["error": "\(error)"])
            }
        } catch {
            let coreError = error as? CoreError
            printError(coreError?.description ?? "\(error)")
            throw coreError?.code == .socketInUse ? ExitCode(75) : ToolkitExit.software
        }
    }
}
