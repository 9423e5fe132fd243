import ArgumentParser
import JSONRPC
import ToolkitAPI

/// `toolkit plugins [list|start|stop|restart]`: the core's handler plugins, over the socket.
struct PluginsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plugins",
        abstract: "List the core's plugins, or start, stop or restart one.",
        discussion: """
            The running core's handler plugins (see docs/plugins.md): their state, pid, method count, calls, \
            errors, median call time (P50), resident memory (RSS) and restarts. A failed or backing-off \
            plugin shows why on the line below it.

              toolkit plugins                      list them
              toolkit plugins list -v              also methods, hooks, stderr
              toolkit plugins stop on-this-day     stop one; its methods go away
              toolkit plugins start on-this-day    start it again (or load one: start PATH)
              toolkit plugins restart on-this-day  stop it and start it again

            start, stop and restart print one line and exit 0; an unknown name, or a plugin that does not \
            come up, prints why on stderr and exits 1. --json prints the core's raw result.
            """,
        subcommands: [List.self, Start.self, Stop.self, Restart.self],
        defaultSubcommand: List.self
    )

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the plugins in load order.",
            discussion: "With --verbose, also each one's path, methods, hooks, subscriptions and, for a "
                + "failed or backing-off one, its last lines on stderr.")
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            try await withCore(global) { core in
                guard let list = try await core.call(PluginsList.self, NoParams()) else { return }
                print(
                    list.items.isEmpty
                        ? "No plugins loaded: toolkit serve --plugin PATH, or see docs/plugins.md"
                        : PluginTable.render(list.items, verbose: global.verbose))
            }
        }
    }
}
