import ArgumentParser
import Foundation

/// The exit statuses `toolkit` documents (sysexits where one fits).
enum ToolkitExit {
    /// The core answered with a JSON-RPC error.
    static let rpcError = ExitCode(1)
    /// No core is listening on the socket.
    static let unavailable = ExitCode(69)
    /// A check or an internal step failed.
    static let software = ExitCode(70)
    /// The core's answer could not be read.
    static let protocolError = ExitCode(76)
    /// The configuration is not valid.
    static let configuration = ExitCode(78)
}

/// Writes a line to standard error.
func printError(_ message: String) {
    FileHandle.standardError.write(Data(("toolkit: " + message + "\n").utf8))
}

/// Whether standard output is a terminal (human output) rather than a pipe or file (script output).
var standardOutputIsTerminal: Bool { isatty(STDOUT_FILENO) != 0 }
