#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// The built `toolkit serve` running as a child process on a temp socket and data directory.
public final class CoreProcess {
    public let process = Process()
    public let directory: TemporaryDirectory
    public let socketPath: String
    public let dataDirectory: String
    private let stderrPipe = Pipe()

    /// Starts `toolkit serve` and waits (up to 10 s) until its socket accepts connections.
    /// - Parameter dataDirectory: another core's data directory, to restart on what it left.
    public init(extraArguments: [String] = [], socketPath: String? = nil, dataDirectory: String? = nil) throws {
        directory = try TemporaryDirectory()
        self.socketPath = socketPath ?? directory.appending("run/toolkit.sock")
        self.dataDirectory = dataDirectory ?? directory.appending("data")
        process.executableURL = URL(fileURLWithPath: ToolkitBinary.path)
        process.arguments = ["serve", "--socket", self.socketPath, "--data-dir", self.dataDirectory] + extraArguments
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = directory.appending("config")
        process.environment = environment
        process.standardError = stderrPipe
        // A handle of its own: Foundation closes the child's ends after spawning, and the shared nullDevice
        // would then be closed under other code that reused its descriptor number.
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        let deadline = Date().addingTimeInterval(10)
        while (try? LineClient(path: self.socketPath)) == nil {
            guard process.isRunning, Date() < deadline else {
                throw CocoaError(.fileNoSuchFile, userInfo: ["reason": "toolkit serve did not create its socket: \(stderrText())"])
            }
            usleep(10_000)
        }
    }

    /// Sends `signal` and waits for the process to exit; returns its exit status.
    @discardableResult
    public func stop(signal: Int32 = SIGTERM) -> Int32 {
        if process.isRunning { kill(process.processIdentifier, signal) }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// What the core has logged so far (read once it has exited).
    public func stderrText() -> String {
        if process.isRunning { return "" }
        return String(decoding: stderrPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}
