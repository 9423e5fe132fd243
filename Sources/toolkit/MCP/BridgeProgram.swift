import ArgumentParser
import Foundation
import Glibc

/// `toolkit-mcp-bridge`, the program that speaks MCP for `toolkit mcp`, found beside this one.
enum BridgeProgram {
    static let name = "toolkit-mcp-bridge"

    /// Its path: in the directory of this executable (`make install` puts both in `BINDIR`).
    /// - Throws: `ExitCode` 70 after saying where it looked.
    static func locate() throws -> String {
        let me =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let path = URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent(name).path
        guard access(path, X_OK) == 0 else {
            printError("toolkit mcp needs \(name) beside toolkit, at \(path); reinstall (make install) or rebuild.")
            throw ToolkitExit.software
        }
        return path
    }

    /// Runs it in place of this process, which does not come back unless exec fails (then it exits 70).
    static func replaceThisProcess(with path: String, _ arguments: [String]) -> Never {
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        execv(path, argv)
        printError("toolkit mcp cannot run \(path): \(String(cString: strerror(errno)))")
        exit(ToolkitExit.software.rawValue)
    }

    /// Runs it as a child that shares this process's stdin, stdout and stderr, and gives its exit status.
    static func run(_ path: String, _ arguments: [String]) async -> Int32 {
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, nil, nil, argv, environ)
        guard spawned == 0 else {
            printError("toolkit mcp cannot run \(path): \(String(cString: strerror(spawned)))")
            return ToolkitExit.software.rawValue
        }
        let child = pid
        return await withCheckedContinuation { done in
            Thread {
                var status: Int32 = 0
                while waitpid(child, &status, 0) < 0 && errno == EINTR {}
                let exited = status & 0x7F == 0
                done.resume(returning: exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F))
            }.start()
        }
    }
}
