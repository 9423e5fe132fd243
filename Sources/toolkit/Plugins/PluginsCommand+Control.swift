import ArgumentParser
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
            abstract: "Stop a plugin and start it again (a failed one too).")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The plugin's name, as toolkit plugins lists it.") var name: String

        func run() async throws {
            try await PluginControl.perform(PluginsRestart.self, .init(name: name), done: "restarted", global)
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
        let core = try await CoreCall.connect(global)
        defer { Task { await core.close() } }
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
