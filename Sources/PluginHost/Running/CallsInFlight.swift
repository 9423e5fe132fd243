import Synchronization

/// The calls the host has sent to its plugins (forwarded calls and hooks) that have not ended, so that
/// shutdown can let them finish: once ``drain(within:on:)`` begins, no new call may be sent.
final class CallsInFlight: Sendable {
    private struct State {
        var count = 0
        var isDraining = false
        var waiters: [ObjectIdentifier: CheckedContinuation<Void, Never>] = [:]
    }

    private let state = Mutex(State())

    /// Counts a call about to be sent; false (and nothing counted) once the host is draining.
    func begin() -> Bool {
        state.withLock { state in
            guard !state.isDraining else { return false }
            state.count += 1
            return true
        }
    }

    /// A call counted by ``begin()`` has ended, however it ended.
    func end() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.count -= 1
            guard state.count == 0 else { return [] }
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Whether shutdown has begun: no new call is sent.
    var isDraining: Bool { state.withLock { $0.isDraining } }

    var count: Int { state.withLock { $0.count } }

    /// Refuses new calls from now on, and waits until the calls in flight have ended or `grace` has passed on
    /// `clock`. Returns how many are still in flight.
    func drain(within grace: Duration, on clock: some Clock<Duration>) async -> Int {
        state.withLock { $0.isDraining = true }
        _ = try? await Deadline.race(grace, on: clock) { await self.waitUntilNoneLeft() }
        return count
    }

    /// Returns once no call is in flight, or at once when the calling task is cancelled.
    private func waitUntilNoneLeft() async {
        let waiter = Waiter()
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let resumeNow = state.withLock { state in
                    guard state.count > 0, !Task.isCancelled else { return true }
                    state.waiters[ObjectIdentifier(waiter)] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: ObjectIdentifier(waiter)) }?.resume()
        }
    }

    /// Identifies one wait.
    private final class Waiter: Sendable {}
}
