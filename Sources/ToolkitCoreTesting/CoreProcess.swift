#if canImport(Glibc)
import ChildProcesses
public import Glibc
#endif
import Foundation
public import ToolkitTestSupport

/// The built `toolkit serve` running as a child process (in a process group of its own) on a temp socket
/// and data directory. What it logs goes to a file, so a chatty core never blocks on a full pipe.
public final class CoreProcess: Sendable {
    /// The running `toolkit serve`.
    public let child: ChildProcess
    /// The core's own temp directory (socket, configuration, log).
    public let directory: TemporaryDirectory
    /// Where it listens.
    public let socketPath: String
    /// Its data directory.
    public let dataDirectory: String
    private let logPath: String

    /// Starts `toolkit serve` and waits (up to 10 s, times ``TestPatience``) until its socket accepts connections.
    /// - Parameters:
    ///   - extraArguments: more arguments for `toolkit serve`.
    ///   - socketPath: where to listen; a fresh path in its temp directory when nil.
    ///   - dataDirectory: another core's data directory, to restart on what it left.
    ///   - environment: variables set for the core over this process's own (`ALSA_CONFIG_PATH`, say).
    /// - Throws: ``TestFailure`` when the binary is missing or the core does not come up.
    public init(
        extraArguments: [String] = [], socketPath: String? = nil, dataDirectory: String? = nil,
        environment extraEnvironment: [String: String] = [:]
    ) throws {
        directory = try TemporaryDirectory()
        self.socketPath = socketPath ?? directory.appending("run/toolkit.sock")
        self.dataDirectory = dataDirectory ?? directory.appending("data")
        logPath = directory.appending("serve.log")
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = directory.appending("config")
        environment.merge(extraEnvironment) { _, extra in extra }
        let log = open(logPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        defer { close(log) }
        child = try ChildProcess(
            ToolkitBinary.path,
            ["serve", "--socket", self.socketPath, "--data-dir", self.dataDirectory] + extraArguments,
            environment: environment, standardError: log)
        let deadline = ContinuousClock.now + TestPatience.scaled(.seconds(10))
        while (try? UnixSocket.connect(to: self.socketPath)).map({ close($0) }) == nil {
            guard !child.hasExited, ContinuousClock.now < deadline else {
                child.sendToGroup(SIGKILL)
                child.wait()
                throw TestFailure("toolkit serve did not create its socket: \(stderrText())")
            }
            usleep(10_000)
        }
    }

    /// Sends `signal` and waits for the process to exit; returns its exit status (or the signal's number).
    @discardableResult
    public func stop(signal: Int32 = SIGTERM) -> Int32 {
        child.stop(signal: signal).status
    }

    /// What the core has logged so far (read once it has exited).
    public func stderrText() -> String {
        guard child.hasExited, let data = FileManager.default.contents(atPath: logPath) else { return "" }
        return String(decoding: data, as: UTF8.self)
    }
}
