import NIOConcurrencyHelpers

/// The calls the host has sent to its plugins (forwarded calls and hooks) that have not ended, so that
/// shutdown can let them finish: once ``drain(within:on:)`` begins, no new call may be sent.
final class CallsInFlight: Sendable {
    private struct State {
        var count = 0
        var isDraining = false
    }

    private let state = NIOLockedValueBox(State())
    /// Happens once the host is draining and no call is left: no call can begin after it.
    private let drained = OneTimeEvent()

    /// Counts a call about to be sent; false (and nothing counted) once the host is draining.
    func begin() -> Bool {
        state.withLockedValue { state in
            guard !state.isDraining else { return false }
            state.count += 1
            return true
        }
    }

    /// A call counted by ``begin()`` has ended, however it ended.
    func end() {
        let isDrained = state.withLockedValue { state in
            state.count -= 1
            return state.isDraining && state.count == 0
        }
        if isDrained { drained.happen() }
    }

    /// Whether shutdown has begun: no new call is sent.
    var isDraining: Bool { state.withLockedValue { $0.isDraining } }

    var count: Int { state.withLockedValue { $0.count } }

    /// Refuses new calls from now on, and waits until the calls in flight have ended or `grace` has passed on
    /// `clock`. Returns how many are still in flight.
    func drain(within grace: Duration, on clock: some Clock<Duration>) async -> Int {
        let isDrained = state.withLockedValue { state in
            state.isDraining = true
            return state.count == 0
        }
        if isDrained { drained.happen() }
        _ = try? await Deadline.race(grace, on: clock) { await self.drained.wait() }
        return count
    }
}
