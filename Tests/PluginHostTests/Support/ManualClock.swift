import NIOConcurrencyHelpers

/// A clock that moves only when the test advances it: ``sleep(until:tolerance:)`` suspends until ``advance(by:)``
/// reaches its deadline (or its task is cancelled). Time starts at zero. A test learns that the code under test
/// is waiting with ``waitForSleepers(_:)``, so nothing sleeps for real and nothing polls.
final class ManualClock: Clock {
    struct Instant: InstantProtocol {
        var offset: Duration

        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        let id: Int
        let deadline: Duration
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Duration = .zero
        var nextID = 0
        var sleepers: [Sleeper] = []
        /// Sleeps and waits cancelled before they were stored.
        var cancelled: Set<Int> = []
        /// Tests waiting until at least `count` sleepers wait.
        var watchers: [(id: Int, count: Int, continuation: CheckedContinuation<Void, Never>)] = []

        /// The watchers whose count is reached, removed.
        mutating func satisfiedWatchers() -> [CheckedContinuation<Void, Never>] {
            let count = sleepers.count
            let satisfied = watchers.filter { $0.count <= count }.map(\.continuation)
            watchers.removeAll { $0.count <= count }
            return satisfied
        }
    }

    private let state = NIOLockedValueBox(State())

    var now: Instant { Instant(offset: state.withLockedValue { $0.now }) }
    var minimumResolution: Duration { .zero }

    /// How many sleeps wait for the clock to move.
    var sleeperCount: Int { state.withLockedValue { $0.sleepers.count } }

    func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = state.withLockedValue { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (outcome, watchers) = state.withLockedValue {
                    state -> (Result<Void, any Error>?, [CheckedContinuation<Void, Never>]) in
                    if state.cancelled.remove(id) != nil { return (.failure(CancellationError()), []) }
                    if deadline.offset <= state.now { return (.success(()), []) }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline.offset, continuation: continuation))
                    return (nil, state.satisfiedWatchers())
                }
                if let outcome { continuation.resume(with: outcome) }
                for watcher in watchers { watcher.resume() }
            }
        } onCancel: {
            let continuation = state.withLockedValue { state -> CheckedContinuation<Void, any Error>? in
                if let index = state.sleepers.firstIndex(where: { $0.id == id }) {
                    return state.sleepers.remove(at: index).continuation
                }
                state.cancelled.insert(id)
                return nil
            }
            continuation?.resume(throwing: CancellationError())
        }
    }

    /// Moves the time on by `duration`, waking (in deadline order) every sleep whose deadline it reaches.
    func advance(by duration: Duration) {
        let due = state.withLockedValue { state in
            state.now += duration
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Returns once at least `count` sleeps wait for the clock to move, or once the test is cancelled (its
    /// time limit passed: a test whose code never sleeps fails instead of hanging).
    func waitForSleepers(_ count: Int = 1) async {
        let id = state.withLockedValue { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let isThere = state.withLockedValue { state in
                    if state.sleepers.count >= count || state.cancelled.remove(id) != nil { return true }
                    state.watchers.append((id, count, continuation))
                    return false
                }
                if isThere { continuation.resume() }
            }
        } onCancel: {
            let continuation = state.withLockedValue { state -> CheckedContinuation<Void, Never>? in
                if let index = state.watchers.firstIndex(where: { $0.id == id }) {
                    return state.watchers.remove(at: index).continuation
                }
                state.cancelled.insert(id)
                return nil
            }
            continuation?.resume()
        }
    }
}
