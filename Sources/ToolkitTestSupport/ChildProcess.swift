#if canImport(Glibc)
public import Glibc
#endif
import Foundation
import NIOConcurrencyHelpers

/// A child process started with `posix_spawn` in a process group of its own, so that it can be stopped
/// together with everything it started (a shell's pipeline, a server's workers): nothing is left behind.
///
/// The group is signalled only while the child is not yet reaped (its zombie keeps the group's id from
/// being reused), so a signal can never reach an unrelated process.
public final class ChildProcess: Sendable {
    /// How a child ended.
    public enum Termination: Sendable, Equatable {
        /// It called `exit` with this status.
        case exited(Int32)
        /// A signal with this number ended it.
        case signalled(Int32)

        /// The exit status, or the signal's number, as Foundation's `Process.terminationStatus` gives it.
        public var status: Int32 {
            switch self {
            case .exited(let status), .signalled(let status): status
            }
        }
    }

    /// The child's process id, which is also its process group's id.
    public let pid: pid_t
    private let termination = NIOLockedValueBox<Termination?>(nil)

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

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (source, target) in [(standardInput, 0), (standardOutput, 1), (standardError, 2)] as [(Int32?, Int32)] {
            if let source {
                posix_spawn_file_actions_adddup2(&actions, source, target)
            } else {
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
            }
        }
        // Descriptors the test process opened without close-on-exec (sockets, other children's pipes) must not
        // leak into the child: one held open there keeps a peer from ever seeing end of stream.
        _ = Spawn.addCloseFrom?(&actions, 3)
        if let currentDirectory {
            guard let addChdir = Spawn.addChdir else { throw TestFailure("posix_spawn cannot change directory here") }
            _ = addChdir(&actions, currentDirectory)
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A group of its own; default handlers for every signal (a test may ignore SIGPIPE, and ignored
        // signals survive exec) and none blocked.
        let flags = POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK
        posix_spawnattr_setflags(&attributes, Int16(flags))
        posix_spawnattr_setpgroup(&attributes, 0)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for string in argv + envp { free(string) }
        }
        var child: pid_t = 0
        let result = posix_spawn(&child, path, &actions, &attributes, argv, envp)
        guard result == 0 else {
            throw TestFailure("cannot start \(path): \(String(cString: strerror(result)))")
        }
        pid = child
    }

    deinit {
        if termination.withLockedValue({ $0 }) == nil { _ = stop(signal: SIGKILL) }
    }

    /// Whether the child has exited (without reaping it, so its group can still be signalled).
    public var hasExited: Bool {
        if termination.withLockedValue({ $0 }) != nil { return true }
        var info = siginfo_t()
        return waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0
            && info._sifields._sigchld.si_pid == pid
    }

    /// Sends `signal` to the child only.
    public func send(_ signal: Int32) {
        termination.withLockedValue { if $0 == nil { kill(pid, signal) } }
    }

    /// Sends `signal` to the child's whole process group.
    public func sendToGroup(_ signal: Int32) {
        termination.withLockedValue { if $0 == nil { kill(-pid, signal) } }
    }

    /// Waits for the child to exit, kills what it left running in its group, and reaps it.
    /// - Parameter timeout: how long to wait before killing the whole group with SIGKILL; nil waits for ever.
    /// - Returns: how it ended, and whether the timeout killed it.
    @discardableResult
    public func wait(timeout: Duration? = nil) -> (termination: Termination, timedOut: Bool) {
        if let known = termination.withLockedValue({ $0 }) { return (known, false) }
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
        return (reap(), timedOut)
    }

    /// Sends `signal` to the child, then waits as ``wait(timeout:)`` does.
    @discardableResult
    public func stop(signal: Int32 = SIGTERM, timeout: Duration? = nil) -> Termination {
        send(signal)
        return wait(timeout: timeout).termination
    }

    /// Kills the group's stragglers, then collects the child's status (blocking until it has exited).
    private func reap() -> Termination {
        termination.withLockedValue { known in
            if let known { return known }
            kill(-pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
            // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import (they are macros).
            let signal = status & 0x7F
            let ended: Termination = signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
            known = ended
            return ended
        }
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

/// glibc's `posix_spawn` extensions that Swift does not import (they need `_GNU_SOURCE`), looked up at run time.
private enum Spawn {
    typealias Actions = UnsafeMutablePointer<posix_spawn_file_actions_t>
    typealias AddChdir = @convention(c) (Actions, UnsafePointer<CChar>) -> Int32
    typealias AddCloseFrom = @convention(c) (Actions, Int32) -> Int32

    static let addChdir: AddChdir? = dlsym(nil, "posix_spawn_file_actions_addchdir_np").map {
        unsafeBitCast($0, to: AddChdir.self)
    }
    static let addCloseFrom: AddCloseFrom? = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np").map {
        unsafeBitCast($0, to: AddCloseFrom.self)
    }
}
