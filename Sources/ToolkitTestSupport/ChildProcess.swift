#if canImport(Glibc)
public import Glibc
#endif
public import ChildProcesses
import Foundation

/// A child process in a process group of its own (``ProcessGroupLeader``), so that it can be stopped together
/// with everything it started (a shell's pipeline, a server's workers): nothing is left behind.
///
/// The group is signalled only while the child is not yet reaped (its zombie keeps the group's id from
/// being reused), so a signal can never reach an unrelated process.
public final class ChildProcess: Sendable {
    /// How a child ended.
    public typealias Termination = ChildProcesses.Termination

    private let child: ProcessGroupLeader

    /// The child's process id, which is also its process group's id.
    public var pid: pid_t { child.pid }

    /// Starts `executable` with `arguments`.
    /// - Parameters:
    ///   - executable: a path, or a name looked up on `PATH` when it has no slash.
    ///   - environment: the whole environment; this process's when nil. This process's sanitizer options are
    ///     added to it (see ``sanitizerVariables``).
    ///   - currentDirectory: where the child starts; this process's directory when nil.
    ///   - standardInput: a descriptor the child reads as its standard input (it is duplicated, not taken);
    ///     `/dev/null` when nil.
    ///   - standardOutput: the same for standard output.
    ///   - standardError: the same for standard error.
    /// - Throws: ``TestFailure`` when the executable is not found or cannot be started.
    public init(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
        currentDirectory: String? = nil, standardInput: Int32? = nil, standardOutput: Int32? = nil,
        standardError: Int32? = nil
    ) throws {
        let environment = Self.environment(environment, inheriting: ProcessInfo.processInfo.environment)
        let path = try Self.resolve(executable, searchPath: environment["PATH"] ?? "/usr/bin:/bin")
        // Tests start children from Swift concurrency's pool, whose threads may end before the child does.
        let options = SpawnOptions(
            streams: .given(input: standardInput, output: standardOutput, error: standardError),
            directory: currentDirectory, outlivesParent: true)
        do {
            (child, _) = try ProcessGroupLeader.spawn(path, arguments, environment: environment, options: options)
        } catch {
            throw TestFailure(error.description)
        }
    }

    deinit {
        if child.termination == nil { _ = stop(signal: SIGKILL) }
    }

    /// Whether the child has exited (without reaping it, so its group can still be signalled).
    public var hasExited: Bool { child.hasExited }

    /// Sends `signal` to the child only.
    public func send(_ signal: Int32) {
        child.signal(signal)
    }

    /// Sends `signal` to the child's whole process group.
    public func sendToGroup(_ signal: Int32) {
        child.signalGroup(signal)
    }

    /// Waits for the child to exit, kills what it left running in its group, and reaps it.
    /// - Parameter timeout: how long to wait before killing the whole group with SIGKILL; nil waits for ever.
    /// - Returns: how it ended, and whether the timeout killed it.
    @discardableResult
    public func wait(timeout: Duration? = nil) -> (termination: Termination, timedOut: Bool) {
        if let known = child.termination { return (known, false) }
        let deadline = timeout.map { ContinuousClock.now + $0 }
        var timedOut = false
        while !hasExited {
            if let deadline, ContinuousClock.now >= deadline {
                sendToGroup(SIGKILL)
                timedOut = true
                break
            }
            usleep(2_000)
        }
        return (child.reap(), timedOut)
    }

    /// Sends `signal` to the child, then waits as ``wait(timeout:)`` does.
    @discardableResult
    public func stop(signal: Int32 = SIGTERM, timeout: Duration? = nil) -> Termination {
        send(signal)
        return wait(timeout: timeout).termination
    }

    /// The sanitizers' options, which a child gets from this process even when a test gives it an environment
    /// of its own: `make sanitize-address` and `make sanitize-thread` set where every sanitized process writes
    /// its report (`log_path`), so a report in a `toolkit` the test started is collected, not lost in its stderr.
    public static let sanitizerVariables: Set<String> = [
        "ASAN_OPTIONS", "TSAN_OPTIONS", "LSAN_OPTIONS", "UBSAN_OPTIONS",
    ]

    /// What a child gets: `given`, or `inherited` when nil, with `inherited`'s ``sanitizerVariables`` where
    /// `given` has none.
    static func environment(_ given: [String: String]?, inheriting inherited: [String: String]) -> [String: String] {
        (given ?? inherited).merging(inherited.filter { sanitizerVariables.contains($0.key) }) { own, _ in own }
    }

    /// The path of `executable`: itself when it has a slash, else the first executable of that name on `searchPath`.
    private static func resolve(_ executable: String, searchPath: String) throws -> String {
        if executable.contains("/") { return executable }
        for directory in searchPath.split(separator: ":") where access("\(directory)/\(executable)", X_OK) == 0 {
            return "\(directory)/\(executable)"
        }
        throw TestFailure("no \(executable) on PATH (\(searchPath))")
    }
}
