import ArgumentParser
import JSONRPC
import ToolkitAPI

extension PluginsCommand {
    struct Start: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Start a stopped or failed plugin, or load one from a path.",
            discussion: "A PATH is an executable file, or a folder NAME/ holding an executable NAME.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: ArgumentHelp("A plugin's name, or a path to load.", valueName: "name-or-path"))
        var plugin: String

        func run() async throws {
            try await PluginControl.perform(PluginsStart.self, .init(path: plugin), done: "started", global)
        }
    }

    struct Stop: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Stop a plugin; its methods go away until it starts again.",
            discussion: "It gets the shutdown notification and its stdin closes; SIGTERM after 2 s, SIGKILL "
                + "2 s later.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The plugin's name, as toolkit plugins lists it.") var name: String

        func run() async throws {
            try await PluginControl.perform(PluginsStop.self, .init(name: name), done: "stopped", global)
        }
    }

    struct Restart: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Stop a plugin and start it again (a failed one too).",
            discussion: "It gets the options the core read from its config file when the core started "
                + "(plugins.options.NAME): after changing them there, restart the core, not the plugin. A note on "
                + "stderr says which file that is.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The plugin's name, as toolkit plugins lists it.") var name: String

        func run() async throws {
            try await PluginControl.perform(PluginsRestart.self, .init(name: name), done: "restarted", global)
            await PluginControl.tellWhereOptionsAre(name, global)
        }
    }
}

/// What `plugins start|stop|restart` share: one call, then one line saying how the plugin ended up.
enum PluginControl {
    /// Calls `method` and prints `restarted NAME (pid N)`; a plugin left failed, disabled or backing off
    /// is reported on stderr instead.
    /// - Throws: `ExitCode` 1 when the core refuses or the plugin did not come up (69, 76 as for any call).
    static func perform<Method: APIMethod>(
        _ method: Method.Type, _ params: Method.Params, done verb: String, _ global: GlobalOptions
    ) async throws where Method.Result == PluginRecord {
        try await withCore(global) { core in
            guard let record = try await core.call(method, params) else { return }
            if ["failed", "disabled", "backing off"].contains(record.state) {
                printError("\(record.name) is \(record.state)" + (record.reason.map { ": \($0)" } ?? ""))
                throw ToolkitExit.rpcError
            }
            var details = record.pid.map { ["pid \($0)"] } ?? []
            if !["ready", "stopped"].contains(record.state) { details.append(record.state) }
            print("\(verb) \(record.name)" + (details.isEmpty ? "" : " (\(details.joined(separator: ", ")))"))
        }
    }

    /// A note on stderr (stdout stays one line for scripts): where `name`'s options are set, and that the
    /// core read them when it started, so a restart of the plugin does not apply a change there.
    static func tellWhereOptionsAre(_ name: String, _ global: GlobalOptions) async {
        guard !global.json, let client = try? await RPCClient.connect(to: global.resolvedSocketPath) else { return }
        await withCore(client) { client in
            guard let info = try? await withTimeout(seconds: 5, { try await client.call(SystemInfo.self) }) else {
                return
            }
            guard let file = info.paths.configFile else {
                printError(
                    "\(name)'s options are set in plugins.options.\(name) of the config file, "
                        + "which the core reads when it starts (it found none this time); "
                        + "after writing them there, restart the core, not the plugin"
                )
                return
            }
            printError(
                "\(name)'s options (plugins.options.\(name) in \(file)) are read when the core starts; after changing "
                    + "them, restart the core, not the plugin")
        }
    }
}
