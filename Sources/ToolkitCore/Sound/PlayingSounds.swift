import Audio
import NIOConcurrencyHelpers

/// The plays the core has under way (`sounds.play`, `shutter.fire`), each by its ``StopSignal``, so that
/// `sounds.stop` can stop them all.
final class PlayingSounds: Sendable {
    private struct State {
        var next = 0
        var plays: [Int: StopSignal] = [:]
    }

    private let state = NIOLockedValueBox(State())

    /// Records a play that has begun.
    /// - Returns: the token to pass to ``end(_:)`` when it is over.
    func begin(_ stop: StopSignal) -> Int {
        state.withLockedValue { state in
            state.next += 1
            state.plays[state.next] = stop
            return state.next
        }
    }

    /// Forgets a play that is over.
    func end(_ token: Int) {
        _ = state.withLockedValue { $0.plays.removeValue(forKey: token) }
    }

    /// Stops every play under way (each ends at its next period).
    /// - Returns: how many there were, not counting those already asked to stop.
    func stopAll() -> Int {
        let stops = state.withLockedValue { state in
            defer { state.plays = [:] }
            return Array(state.plays.values)
        }
        let running = stops.filter { !$0.isStopped }
        for stop in running { stop.stop() }
        return running.count
    }
}
