import Foundation
import Glibc

/// `toolkit-mcp-bridge`, the program that speaks MCP for `toolkit mcp` when a core answers, found beside this
/// one (`make install` puts both in `BINDIR`).
enum BridgeProgram {
    static let name = "toolkit-mcp-bridge"

    /// Its path, when it is in the directory of this executable.
    static func locate() -> String? {
        let me =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let path = URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent(name).path
        return access(path, X_OK) == 0 ? path : nil
    }

    /// Runs it in place of this process; comes back only when exec fails, with the reason.
    static func replaceThisProcess(with path: String, _ arguments: [String]) -> String {
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        execv(path, argv)
        return String(cString: strerror(errno))
    }
}
