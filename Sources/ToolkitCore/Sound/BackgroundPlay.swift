import Audio
import Logging
import NIOConcurrencyHelpers

/// Starts a play as a task of its own and lets the caller wait for its start only: the first period
/// written, the end of a play that wrote nothing, or its failure (so a device error still reaches the client).
///
/// The play is recorded in ``PlayingSounds`` while it runs, so `sounds.stop` reaches it. A failure after the
/// first period (the device gone, an ALSA error it cannot recover from) reaches no client, so it is logged.
enum BackgroundPlay {
    /// A play that reports its first period through the closure it is given.
    typealias Body =
        @Sendable (_ firstPeriodWritten: @escaping @Sendable (ContinuousClock.Instant) -> Void)
        async throws -> PlaybackReport

    /// Starts `body` and returns once it started, ended or failed.
    /// - Parameters:
    ///   - stop: the play's signal, recorded in `playing` while it runs.
    ///   - playing: the core's plays under way.
    ///   - logger: where a failure after the first period is reported.
    ///   - body: the play.
    /// - Returns: when the first period was written; `nil` when the play ended without writing one (it was
    ///   stopped first).
    /// - Throws: what the play threw before its first period (``AudioError`` `.device`, …).
    static func start(stop: StopSignal, playing: PlayingSounds, logger: Logger, _ body: @escaping Body)
        async throws -> ContinuousClock.Instant?
    {
        let token = playing.begin(stop)
        return try await withCheckedThrowingContinuation { continuation in
            let once = Once(continuation)
            Task {
                defer { playing.end(token) }
                do {
                    let report = try await body { once.resume(with: .success($0)) }
                    once.resume(with: .success(report.firstPeriodWrittenAt))
                } catch {
                    if !once.resume(with: .failure(error)) {
                        logger.warning("A sound stopped playing: \(error)")
                    }
                }
            }
        }
    }

    /// A continuation resumed by the first of several callers.
    private final class Once: Sendable {
        private let continuation: NIOLockedValueBox<CheckedContinuation<ContinuousClock.Instant?, any Error>?>

        init(_ continuation: CheckedContinuation<ContinuousClock.Instant?, any Error>) {
            self.continuation = NIOLockedValueBox(continuation)
        }

        /// - Returns: whether this call resumed it (`false` once an earlier caller has).
        @discardableResult
        func resume(with result: Result<ContinuousClock.Instant?, any Error>) -> Bool {
            let waiting = continuation.withLockedValue { state in
                defer { state = nil }
                return state
            }
            waiting?.resume(with: result)
            return waiting != nil
        }
    }
}
