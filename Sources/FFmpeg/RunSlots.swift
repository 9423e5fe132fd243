import NIOConcurrencyHelpers

/// An async semaphore: at most `count` holders at once, the others wait in order. A waiter whose task is
/// cancelled leaves the queue at once with `CancellationError`.
public final class RunSlots: Sendable {
    private struct State {
        var free: Int
        var waiters: [(id: UInt64, continuation: CheckedContinuation<Void, any Error>)] = []
        var nextID: UInt64 = 0
    }

    private let state: NIOLockedValueBox<State>
    public let count: Int

    public init(count: Int) {
        self.count = max(1, count)
        self.state = NIOLockedValueBox(State(free: max(1, count)))
    }

    /// Runs `body` holding a slot.
    /// - Throws: `CancellationError` when cancelled while waiting; whatever `body` throws.
    public func withSlot<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        try await acquire()
        defer { release() }
        return try await body()
    }

    /// Waits for a slot; pair with ``release()``.
    public func acquire() async throws {
        let id = state.withLockedValue { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let now: Result<Void, any Error>? = state.withLockedValue { state in
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if state.free > 0 {
                        state.free -= 1
                        return .success(())
                    }
                    state.waiters.append((id, continuation))
                    return nil
                }
                if let now { continuation.resume(with: now) }
            }
        } onCancel: {
            let waiter = state.withLockedValue { state in
                state.waiters.firstIndex { $0.id == id }.map { state.waiters.remove(at: $0).continuation }
            }
            waiter?.resume(throwing: CancellationError())
        }
    }

    /// Gives a slot back, to the longest waiter when there is one.
    public func release() {
        let next = state.withLockedValue { state in
            if state.waiters.isEmpty {
                state.free += 1
                return nil as CheckedContinuation<Void, any Error>?
            }
            return state.waiters.removeFirst().continuation
        }
        next?.resume()
    }
}
