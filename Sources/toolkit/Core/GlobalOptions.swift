import ArgumentParser
import Foundation
import ToolkitCore

/// Where the core and its data are: the options of every command, and all that `serve` and `mcp` take (they
/// print no results of their own, so `--json` and `--verbose` would mean nothing there).
struct LocationOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The core's Unix socket.",
            discussion:
                "Default: $TOOLKIT_SOCKET, else $XDG_RUNTIME_DIR/toolkit/toolkit.sock, "
                + "else /tmp/toolkit-$UID/toolkit.sock.",
            valueName: "path"))
    var socket: String?

    @Option(
        name: .customLong("data-dir"),
        help: ArgumentHelp(
            "The data directory (database and media).",
            discussion: "Default: $TOOLKIT_DATA_DIR, else $XDG_DATA_HOME/toolkit, else ~/.local/share/toolkit.",
            valueName: "dir"))
    var dataDirectory: String?

    var environment: [String: String] { ProcessInfo.processInfo.environment }

    /// The socket a client command connects to.
    var resolvedSocketPath: String { socket ?? DefaultPaths(environment: environment).effectiveSocketPath }

    /// The data directory a command works on.
    var resolvedDataDirectory: String { dataDirectory ?? DefaultPaths(environment: environment).effectiveDataDirectory }
}

/// The options every command that prints results takes: where the core is, and how to print.
struct GlobalOptions: ParsableArguments {
    @OptionGroup var location: LocationOptions

    @Flag(name: .long, help: "Print raw JSON instead of human-readable output.")
    var json = false

    @Flag(name: .shortAndLong, help: "Say more: an error's data object, a plugin's details.")
    var verbose = false

    /// Whether `-v`/`--verbose` is among the arguments, for code that reports errors without the parsed options.
    static var verboseRequested: Bool {
        CommandLine.arguments.dropFirst().prefix { $0 != "--" }.contains { $0 == "-v" || $0 == "--verbose" }
    }

    var socket: String? { location.socket }
    var dataDirectory: String? { location.dataDirectory }
    var environment: [String: String] { location.environment }
    var resolvedSocketPath: String { location.resolvedSocketPath }
    var resolvedDataDirectory: String { location.resolvedDataDirectory }
}
