import CSpawn
import Foundation
import NIOConcurrencyHelpers

#if canImport(Glibc)
import Glibc
#endif

/// Runs one helper program within ``ProcessLimits``: a child in a process group of its own, niced, with an
/// address-space limit and no core dumps, stdin from /dev/null, its output read into bounded buffers on a
/// thread of its own. When it ends, times out or the awaiting task is cancelled, the whole group is killed
/// (SIGKILL) and the child reaped, so nothing it started outlives the run.
public enum LimitedProcess {
    /// Runs `executable` (an absolute path) with `arguments` and the environment `environment`.
    /// - Returns: how it ended (``ProcessOutput/Ending/timedOut`` when the deadline passed) and its output.
    /// - Throws: ``FFmpegError`` `.cannotStart` when it cannot be started; `CancellationError` when the
    ///   awaiting task is cancelled (the group is killed and reaped first).
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:],
        limits: ProcessLimits = ProcessLimits()
    ) async throws -> ProcessOutput {
        let group = ChildGroup()
        let output = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<ProcessOutput, any Error>) in
                let thread = Thread {
                    continuation.resume(
                        with: Result {
                            try supervise(executable, arguments, environment, limits, group)
                        })
                }
                thread.name = "limited-process"
                thread.start()
            }
        } onCancel: {
            group.cancel()
        }
        if group.wasCancelled { throw CancellationError() }
        return output
    }

    /// Starts the child and reads its output until it and its pipes are done, on the calling thread.
    private static func supervise(
        _ executable: String, _ arguments: [String], _ environment: [String: String], _ limits: ProcessLimits,
        _ group: ChildGroup
    ) throws -> ProcessOutput {
        let deadline = ContinuousClock.now + limits.deadline
        var spawned: [Int32] = [-1, -1, -1, -1]
        var error: Int32 = 0
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var options = toolkit_spawn_options(
            stdin_pipe: 0, niceness: limits.niceness, memory_bytes: limits.memoryBytes, no_core_dumps: 1, pidfd: 1)
        let pid = toolkit_spawn(executable, argv, envp, &options, &spawned, &error)
        // Its stdout, its stderr and the pidfd (stdin is /dev/null).
        let fds = Array(spawned[1...])
        guard pid > 0 else {
            throw FFmpegError(
                .cannotStart, "Cannot start \(executable): \(String(cString: strerror(error))).")
        }
        group.started(pid)
        defer { for fd in fds where fd >= 0 { close(fd) } }

        var stdout = BoundedBytes(limit: limits.stdoutBytes, keep: .head)
        var stderr = BoundedBytes(limit: limits.stderrTailBytes, keep: .tail)
        var open = [true, true]
        var exited = false
        var timedOut = false
        var exitedAt: ContinuousClock.Instant?
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 1)
        defer { chunk.deallocate() }

        while open[0] || open[1] || !exited {
            let now = ContinuousClock.now
            if !timedOut, !exited, now >= deadline {
                timedOut = true
                group.killGroup()
            }
            // A process that left the group may hold the pipes: give up on them a second after the child ended.
            if exited, let exitedAt, now - exitedAt > .seconds(1) { break }
            var polled: [pollfd] = []
            for index in 0..<2 where open[index] {
                polled.append(pollfd(fd: fds[index], events: Int16(POLLIN), revents: 0))
            }
            let pidfd = fds[2]
            if !exited, pidfd >= 0 { polled.append(pollfd(fd: pidfd, events: Int16(POLLIN), revents: 0)) }
            let wait: Duration = exited || timedOut || pidfd < 0 ? .milliseconds(100) : deadline - now
            let milliseconds = Int32(
                clamping: max(
                    0, wait.components.seconds * 1000 + wait.components.attoseconds / 1_000_000_000_000_000 + 1))
            let ready = poll(&polled, nfds_t(polled.count), milliseconds)
            if ready < 0, errno != EINTR { break }
            for entry in polled where entry.revents != 0 {
                if entry.fd == pidfd {
                    exited = true
                    continue
                }
                let index = entry.fd == fds[0] ? 0 : 1
                let count = read(entry.fd, chunk.baseAddress, chunk.count)
                if count > 0 {
                    let bytes = UnsafeRawBufferPointer(rebasing: chunk[0..<count])
                    if index == 0 { stdout.append(bytes) } else { stderr.append(bytes) }
                } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                    open[index] = false
                }
            }
            if !exited, pidfd < 0 || !open[0] && !open[1], group.hasExited() { exited = true }
            if exited, exitedAt == nil {
                exitedAt = .now
                // Whatever the child left running in its group goes with it.
                group.killGroup()
            }
        }
        let status = group.reap()
        let ending: ProcessOutput.Ending =
            timedOut ? .timedOut : status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .signalled(status & 0x7f)
        let kept = stdout.finish()
        let tail = stderr.finish()
        return ProcessOutput(
            ending: ending, stdout: kept, stdoutDropped: stdout.dropped, stderrTail: tail,
            stderrDropped: stderr.dropped)
    }
}

/// The child's pid and whether it is reaped, behind one lock, so a kill never reaches a reused process group:
/// the group is signalled only while its leader is unreaped (a zombie still holds its id).
final class ChildGroup: Sendable {
    private struct State {
        var pid: pid_t?
        var reaped = false
        var cancelled = false
    }

    private let state = NIOLockedValueBox(State())

    var wasCancelled: Bool { state.withLockedValue { $0.cancelled } }

    func started(_ pid: pid_t) {
        state.withLockedValue { state in
            state.pid = pid
            if state.cancelled { kill(-pid, SIGKILL) }
        }
    }

    func cancel() {
        state.withLockedValue { state in
            state.cancelled = true
            if let pid = state.pid, !state.reaped { kill(-pid, SIGKILL) }
        }
    }

    func killGroup() {
        state.withLockedValue { state in
            if let pid = state.pid, !state.reaped { kill(-pid, SIGKILL) }
        }
    }

    /// Whether the leader has ended, without reaping it.
    func hasExited() -> Bool {
        guard let pid = state.withLockedValue({ $0.pid }) else { return false }
        var info = siginfo_t()
        let ended = waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0
        return ended && info._sifields._sigchld.si_pid == pid
    }

    /// Kills what is left of the group, waits for the leader and returns its wait status.
    func reap() -> Int32 {
        state.withLockedValue { state in
            guard let pid = state.pid else { return 0 }
            kill(-pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            state.reaped = true
            return status
        }
    }
}
