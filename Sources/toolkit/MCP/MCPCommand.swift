import ArgumentParser
import JSONRPC
import Logging
import MCPBridge
import ToolkitCore

/// `toolkit mcp`: the diary for AI assistants, as a Model Context Protocol server on stdin and stdout.
struct MCPCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve the diary to an AI assistant over the Model Context Protocol (stdin and stdout).",
        discussion: """
            A desktop assistant starts this command and speaks MCP to it on stdin and stdout. Every method of the \
            running core becomes a tool (pets.create is the tool pets_create), the plugins' methods too; when a \
            plugin starts or stops, the assistant is told its tool list changed. Results come back as structured \
            content with their JSON beside it; errors carry the core's message, code and data.

            Safe by default: reading tools are always offered, writing tools unless --read-only, and tools \
            that delete (pets.delete, diary.deleteAll, archive.prune, ...) only with --allow-destructive, and \
            then the assistant asks you before each call when it can. Every call is logged to stderr with its \
            tool and outcome.

            Claude Desktop's claude_desktop_config.json, for example:

              {"mcpServers": {"toolkit": {"command": "/usr/local/bin/toolkit", "args": ["mcp"]}}}

            Tools that name files (photos.import's path, export.create's path, ...) accept only paths under the \
            roots the assistant gives and the config's mcp.roots; a URL import fetches from public addresses only \
            unless the config's mcp.allowPrivateURLs is true.

            It speaks to the running core (toolkit serve, or the user unit; --socket names another). When none \
            answers, it serves the data directory itself while it runs, without plugins, as toolkit export does.
            """
    )

    @OptionGroup var global: LocationOptions

    @Flag(name: .long, help: "Offer only the tools that read; nothing the assistant does changes the diary.")
    var readOnly = false

    @Flag(name: .long, help: "Also offer the tools that delete (each call asks you first when the assistant can).")
    var allowDestructive = false

    @Option(
        name: .long, help: ArgumentHelp("What to log to stderr: error, warning, info or debug.", valueName: "level"))
    var logLevel: String = "info"

    func validate() throws {
        if readOnly && allowDestructive {
            throw ValidationError("--read-only and --allow-destructive contradict each other; give one.")
        }
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError("--log-level must be one of trace, debug, info, notice, warning, error, critical.")
        }
    }

    func run() async throws {
        let configuration: ToolkitConfiguration
        do {
            configuration = try ToolkitConfiguration.resolve(
                .init(socketPath: global.socket, dataDirectory: global.dataDirectory), environment: global.environment)
        } catch let error as CoreError {
            printError(error.description)
            throw ToolkitExit.configuration
        }
        var coreAnswers = false
        if let client = await OfflineFallback.connect(global) {
            await client.close()
            coreAnswers = true
        }
        if coreAnswers, let bridge = SiblingProgram.locate(SiblingProgram.bridge) {
            // The bridge's own small program takes this process's place, stdin and stdout included.
            var arguments = ["--socket", configuration.socketPath, "--version", ToolkitVersion.current]
            arguments += ["--log-level", logLevel]
            if readOnly { arguments.append("--read-only") }
            if allowDestructive { arguments.append("--allow-destructive") }
            if configuration.mcpAllowsPrivateURLs { arguments.append("--allow-private-urls") }
            for root in configuration.mcpRoots { arguments += ["--root", root] }
            let reason = SiblingProgram.replaceThisProcess(with: bridge, arguments)
            printError("toolkit mcp: cannot run \(bridge) (\(reason)); serving MCP from this process instead.")
        }
        // No core (this process serves the data directory), or no bridge program beside this one: the bridge
        // runs here.
        let level = Logger.Level(rawValue: logLevel) ?? .info
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "toolkit.mcp")
        let policy = BridgePolicy(
            readOnly: readOnly, allowDestructive: allowDestructive, roots: configuration.mcpRoots,
            allowPrivateURLs: configuration.mcpAllowsPrivateURLs)
        var offline: OfflineCore?
        var socketPath = configuration.socketPath
        if !coreAnswers {
            do {
                offline = try await OfflineCore.start(configuration, logger: logger)
            } catch {
                printError(
                    "No core answers on \(configuration.socketPath), and serving \(configuration.dataDirectory) "
                        + "failed: \(error)"
                )
                throw ToolkitExit.unavailable
            }
            socketPath = offline?.socketPath ?? socketPath
            logger.notice(
                """
                offline: no core answers on \(configuration.socketPath), so this process serves \
                \(configuration.dataDirectory) itself, without plugins
                """)
        }
        let bridge = MCPBridge(
            socketPath: socketPath, policy: policy, version: ToolkitVersion.current, logger: logger)
        var failure: (any Error)?
        do {
            try await bridge.run()
        } catch {
            failure = error
        }
        await offline?.stop()
        switch failure {
        case nil:
            return
        case let error as RPCClientError where error.code == .cannotConnect && offline == nil:
            // Said when no core answers as the bridge starts (it stopped between the two looks).
            printError("\(error.message) Is the core running (toolkit serve)?")
            throw ToolkitExit.unavailable
        case let error as RPCClientError:
            printError("toolkit mcp: \(error.message)")
            throw ToolkitExit.software
        case let error?:
            printError("toolkit mcp: \(error)")
            throw ToolkitExit.software
        }
    }
}
