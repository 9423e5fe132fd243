import ArgumentParser
import Foundation
import ToolkitCore

/// The options every command takes.
struct GlobalOptions: ParsableArguments {
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

    @Flag(name: .long, help: "Print raw JSON instead of human-readable output.")
    var json = false

    @Flag(name: .shortAndLong, help: "Say more: an error's data object, a plugin's details.")
    var verbose = false

    /// Whether `-v`/`--verbose` is among the arguments, for code that reports errors without the parsed options.
    static var verboseRequested: Bool {
        CommandLine.arguments.dropFirst().prefix { $0 != "--" }.contains { $0 == "-v" || $0 == "--verbose" }
    }

    var environment: [String: String] { ProcessInfo.processInfo.environment }

    /// The socket a client command connects to.
    var resolvedSocketPath: String { socket ?? DefaultPaths(environment: environment).effectiveSocketPath }

    /// The data directory a command works on.
    var resolvedDataDirectory: String { dataDirectory ?? DefaultPaths(environment: environment).effectiveDataDirectory }
}
