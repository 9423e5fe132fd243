import Foundation
import JSONRPC
import Logging
import MCPBridge

/// The MCP side of `toolkit mcp` when a core answers, a program of its own that `toolkit mcp` runs in its place
/// (stdin and stdout included) once it has resolved the config: a binary of the bridge alone touches fewer pages
/// than `toolkit`, which holds every command and the core (the bridge's idle RSS: Benchmarks/mcp/run.sh; inside
/// a `toolkit` process it held more, Benchmarks/notes/2026-11-29-why.md, `toolkit mcp`). It is run as:
///
///     toolkit-mcp-bridge --socket PATH --version V [--read-only] [--allow-destructive] [--allow-private-urls]
///                        [--root DIR]... [--log-level LEVEL]
///
/// Exit status: 0 when the client closes stdin, 69 when no core answers, 64 for bad arguments, 70 otherwise.
@main
enum BridgeMain {
    static func main() async {
        guard let options = Options(CommandLine.arguments.dropFirst()) else {
            FileHandle.standardError.write(Data("toolkit-mcp-bridge: run it through toolkit mcp.\n".utf8))
            exit(64)
        }
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = options.logLevel
            return handler
        }
        let bridge = MCPBridge(
            socketPath: options.socket, policy: options.policy, version: options.version,
            logger: Logger(label: "toolkit.mcp"))
        do {
            try await bridge.run()
        } catch let error as RPCClientError {
            FileHandle.standardError.write(Data("\(error.message) Is the core running (toolkit serve)?\n".utf8))
            exit(69)
        } catch {
            FileHandle.standardError.write(Data("toolkit mcp: \(error)\n".utf8))
            exit(70)
        }
    }
}

/// The bridge's arguments, as `toolkit mcp` gives them.
struct Options {
    var socket = ""
    var version = ""
    var policy = BridgePolicy()
    var logLevel = Logger.Level.info

    init?(_ arguments: ArraySlice<String>) {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--read-only": policy.readOnly = true
            case "--allow-destructive": policy.allowDestructive = true
            case "--allow-private-urls": policy.allowPrivateURLs = true
            case "--socket", "--version", "--root", "--log-level":
                guard let value = rest.popFirst() else { return nil }
                switch argument {
                case "--socket": socket = value
                case "--version": version = value
                case "--root": policy.roots.append(value)
                default:
                    guard let level = Logger.Level(rawValue: value) else { return nil }
                    logLevel = level
                }
            default:
                return nil
            }
        }
        guard !socket.isEmpty else { return nil }
    }
}
