#if canImport(Glibc)
public import Glibc
#endif
import NIOConcurrencyHelpers

/// A child that leads a process group of its own (``spawn(_:_:environment:options:)`` starts one), so it can be
/// stopped together with everything it started: a shell's pipeline, a plugin's helpers, ffmpeg's threads.
///
/// The group is signalled only while the leader is unreaped: its zombie keeps the group's id from being reused,
/// so a signal can never reach an unrelated process. ``reap()`` kills whatever the group still holds first, so
/// nothing a child started outlives it.
public final class ProcessGroupLeader: Sendable {
    /// The child's process id, which is also its process group's id.
    public let pid: pid_t
    /// How it ended, once reaped.
    private let reaped = NIOLockedValueBox<Termination?>(nil)

    /// Takes charge of `pid`, a child of this process that leads its own group.
    public init(pid: pid_t) {
        self.pid = pid
    }

    /// How it ended; nil until ``reap()``.
    public var termination: Termination? { reaped.withLockedValue { $0 } }

    /// Whether the child has ended, without reaping it (so its group can still be signalled).
    public var hasExited: Bool {
        if termination != nil { return true }
        var info = siginfo_t()
        return waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0
            && info._sifields._sigchld.si_pid == pid
    }

    /// Sends `signal` to the child alone, unless it is reaped.
    public func signal(_ signal: Int32) {
        reaped.withLockedValue { if $0 == nil { kill(pid, signal) } }
    }

    /// Sends `signal` to the child's whole process group, unless it is reaped.
    public func signalGroup(_ signal: Int32) {
        reaped.withLockedValue { if $0 == nil { kill(-pid, signal) } }
    }

    /// Kills what is left in the group (SIGKILL), then waits for the child (blocking until it has ended) and
    /// collects its status. Later calls answer the same.
    @discardableResult
    public func reap() -> Termination {
        reaped.withLockedValue { known in
            if let known { return known }
            kill(-pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
            let ended = Termination(waitStatus: status)
            known = ended
            return ended
        }
    }
}
