import NIOConcurrencyHelpers

/// The deadline of ``Deadline/race(_:on:_:)`` passed first.
struct DeadlinePassed: Error {}

/// Bounds every call the host makes to a plugin that has a deadline (the handshake, hooks).
enum Deadline {
    /// Runs `operation`, or throws ``DeadlinePassed`` once `timeout` has passed on `clock`, whichever comes
    /// first. The operation is then cancelled (a call to a plugin sends it `rpc.cancel`) but not waited for: a
    /// plugin may answer a cancelled call late or never, and its caller must not wait for that.
    /// - Throws: what `operation` throws, ``DeadlinePassed``, or `CancellationError` when the caller is
    ///   cancelled.
    static func race<Value: Sendable>(
        _ timeout: Duration, on clock: some Clock<Duration>, _ operation: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        let race = DeadlineRace<Value>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                race.start(continuation, timeout: timeout, clock: clock, operation)
            }
        } onCancel: {
            race.finish(.failure(CancellationError()))
        }
    }
}

/// The operation and the timer of one ``Deadline/race(_:on:_:)``, each in a task of its own: the first
/// outcome (the operation's, the deadline, or the caller's cancellation) resumes the caller and cancels both
/// tasks. (The operation's task is not a child: the caller must not wait for an operation that ignores its
/// cancellation.)
private final class DeadlineRace<Value: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Value, any Error>?
        var tasks: [Task<Void, Never>] = []
        /// The first outcome, once there is one.
        var outcome: Result<Value, any Error>?
    }

    private let state = NIOLockedValueBox(State())

    func start(
        _ continuation: CheckedContinuation<Value, any Error>, timeout: Duration, clock: some Clock<Duration>,
        _ operation: @escaping @Sendable () async throws -> Value
    ) {
        // The caller may have been cancelled before it got here.
        let early = state.withLockedValue { state -> Result<Value, any Error>? in
            if state.outcome == nil { state.continuation = continuation }
            return state.outcome
        }
        if let early {
            continuation.resume(with: early)
            return
        }
        let work = Task {
            do {
                finish(.success(try await operation()))
            } catch {
                finish(.failure(error))
            }
        }
        let timer = Task {
            guard (try? await clock.sleep(for: timeout)) != nil else { return }
            finish(.failure(DeadlinePassed()))
        }
        let isOver = state.withLockedValue { state in
            state.tasks = [work, timer]
            return state.outcome != nil
        }
        if isOver {
            work.cancel()
            timer.cancel()
        }
    }

    /// Takes `outcome` if it is the first, resuming the caller and cancelling the operation and the timer.
    func finish(_ outcome: Result<Value, any Error>) {
        let (continuation, tasks) = state.withLockedValue {
            state -> (CheckedContinuation<Value, any Error>?, [Task<Void, Never>]) in
            guard state.outcome == nil else { return (nil, []) }
            state.outcome = outcome
            defer { state.continuation = nil }
            return (state.continuation, state.tasks)
        }
        for task in tasks { task.cancel() }
        continuation?.resume(with: outcome)
    }
}
