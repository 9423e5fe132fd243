import NIOConcurrencyHelpers
import PetDiary

/// One copy being made, for one original blob: its task, whether it holds a slot yet, its progress, and who
/// listens to that progress.
final class RenditionJob: Sendable {
    /// What a finished job made.
    enum Outcome: Sendable {
        /// The original plays as it is; nothing was made.
        case playable
        /// The copy, kept.
        case made(StoredRendition)
    }

    private struct State {
        var running = false
        var progress = 0.0
        var listeners: [Int: @Sendable (Double) -> Void] = [:]
        var nextListener = 0
        var task: Task<Outcome, any Error>?
        var cancelled = false
    }

    /// The original blob's hash.
    let sha256: String
    private let state = NIOLockedValueBox(State())

    init(sha256: String) {
        self.sha256 = sha256
    }

    /// `queued` until it holds a slot, then `running` with its progress.
    var current: RenditionState {
        state.withLockedValue { $0.running ? .running(progress: $0.progress) : .queued }
    }

    /// Hands the job its task (once, as it is made, before the queue shows it to anyone); a job cancelled
    /// before that cancels it at once.
    func attach(_ task: Task<Outcome, any Error>) {
        let cancelled = state.withLockedValue { state in
            state.task = task
            return state.cancelled
        }
        if cancelled { task.cancel() }
    }

    func markRunning() {
        state.withLockedValue { $0.running = true }
    }

    /// Records the share done and tells the listeners.
    func report(_ progress: Double) {
        let listeners = state.withLockedValue { state in
            state.progress = progress
            return Array(state.listeners.values)
        }
        for listener in listeners { listener(progress) }
    }

    /// Waits for the outcome, telling `listener` the progress meanwhile. Cancelling the waiting task cancels
    /// the job: ffmpeg is killed and nothing is kept.
    func outcome(listening listener: @escaping @Sendable (Double) -> Void) async throws -> Outcome {
        let key = state.withLockedValue { state in
            state.nextListener += 1
            state.listeners[state.nextListener] = listener
            return state.nextListener
        }
        defer { _ = state.withLockedValue { $0.listeners.removeValue(forKey: key) } }
        guard let task = state.withLockedValue({ $0.task }) else { throw CancellationError() }
        return try await withTaskCancellationHandler {
            try await task.value
        } onCancel: {
            cancel()
        }
    }

    /// Stops the job: its ffmpeg is killed and nothing is kept.
    func cancel() {
        let task = state.withLockedValue { state in
            state.cancelled = true
            return state.task
        }
        task?.cancel()
    }
}
