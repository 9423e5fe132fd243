import Foundation
import Glibc

/// The programs that run in place of `toolkit` for one command, found beside it (`make install` puts them all
/// in `BINDIR`): `toolkit-mcp-bridge` for `toolkit mcp` when a core answers, `toolkit-web` for `toolkit web`.
/// A small binary of its own touches fewer pages than the whole toolkit, and keeps its dependencies (the HTTP
/// server) out of `toolkit`.
enum SiblingProgram {
    static let bridge = "toolkit-mcp-bridge"
    static let web = "toolkit-web"

    /// The path of the program `name`, when it is in the directory of this executable.
    static func locate(_ name: String) -> String? {
        let path = directory + "/" + name
        return access(path, X_OK) == 0 ? path : nil
    }

    /// The directory of this executable.
    static var directory: String {
        let me =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: me).deletingLastPathComponent().path
    }

    /// Runs it in place of this process; comes back only when exec fails, with the reason.
    static func replaceThisProcess(with path: String, _ arguments: [String]) -> String {
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        execv(path, argv)
        return String(cString: strerror(errno))
    }
}
