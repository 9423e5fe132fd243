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
    /// - Throws: ``SpawnError`` when it cannot be started; `CancellationError` when the
    ///   awaiting task is cancelled (the group is killed and reaped first).
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:],
        limits: ProcessLimits = ProcessLimits()
    ) async throws -> ProcessOutput {
        let cancellation = RunCancellation()
        let output = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<ProcessOutput, any Error>) in
                let thread = Thread {
                    continuation.resume(
                        with: Result {
                            try supervise(executable, arguments, environment, limits, cancellation)
                        })
                }
                thread.name = "limited-process"
                thread.start()
            }
        } onCancel: {
            cancellation.cancel()
        }
        if cancellation.wasCancelled { throw CancellationError() }
        return output
    }

    /// Starts the child and reads its output until it and its pipes are done, on the calling thread.
    private static func supervise(
        _ executable: String, _ arguments: [String], _ environment: [String: String], _ limits: ProcessLimits,
        _ cancellation: RunCancellation
    ) throws -> ProcessOutput {
        let deadline = ContinuousClock.now + limits.deadline
        let options = SpawnOptions(
            niceness: limits.niceness, memoryBytes: limits.memoryBytes, noCoreDumps: true, exitDescriptor: true)
        let (child, pipes) = try ProcessGroupLeader.spawn(
            executable, arguments, environment: environment, options: options)
        cancellation.started(child)
        // Its stdout, its stderr and the pidfd (stdin is /dev/null).
        let fds = [pipes.output, pipes.error, pipes.exit]
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
                child.signalGroup(SIGKILL)
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
            if !exited, pidfd < 0 || !open[0] && !open[1], child.hasExited { exited = true }
            if exited, exitedAt == nil {
                exitedAt = .now
                // Whatever the child left running in its group goes with it.
                child.signalGroup(SIGKILL)
            }
        }
        let termination = child.reap()
        let kept = stdout.finish()
        let tail = stderr.finish()
        return ProcessOutput(
            ending: timedOut ? .timedOut : ProcessOutput.Ending(termination), stdout: kept,
            stdoutDropped: stdout.dropped, stderrTail: tail, stderrDropped: stderr.dropped)
    }
}

/// Whether the awaiting task was cancelled, and the child to kill when it is, behind one lock: a cancel that
/// comes before the child has started kills it as soon as it starts.
final class RunCancellation: Sendable {
    private struct State {
        var child: ProcessGroupLeader?
        var cancelled = false
    }

    private let state = NIOLockedValueBox(State())

    var wasCancelled: Bool { state.withLockedValue { $0.cancelled } }

    func started(_ child: ProcessGroupLeader) {
        state.withLockedValue { state in
            state.child = child
            if state.cancelled { child.signalGroup(SIGKILL) }
        }
    }

    func cancel() {
        state.withLockedValue { state in
            state.cancelled = true
            state.child?.signalGroup(SIGKILL)
        }
    }
}
