import NIOConcurrencyHelpers

/// Something that happens once (the socket listens, the core accepts clients, the calls in flight have drained),
/// and those waiting for it.
package final class OneTimeEvent: Sendable {
    package init() {}

    /// A pthread lock (NIO's), not `Synchronization.Mutex`: ThreadSanitizer does not see the standard library's
    /// futex lock, and reported `happen()` and `wait()` as racing.
    private let state = NIOLockedValueBox<
        (happened: Bool, waiters: [ObjectIdentifier: CheckedContinuation<Void, Never>])
    >((false, [:]))

    /// Marks it as happened and lets every waiter go; later calls do nothing.
    package func happen() {
        let waiters = state.withLockedValue { state in
            state.happened = true
            defer { state.waiters = [:] }
            return state.waiters.values
        }
        for waiter in waiters { waiter.resume() }
    }

    package var hasHappened: Bool { state.withLockedValue { $0.happened } }

    /// Returns once it has happened, or at once when the calling task is cancelled.
    package func wait() async {
        let waiter = Waiter()
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let resumeNow = state.withLockedValue { state in
                    guard !state.happened, !Task.isCancelled else { return true }
                    state.waiters[ObjectIdentifier(waiter)] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            state.withLockedValue { $0.waiters.removeValue(forKey: ObjectIdentifier(waiter)) }?.resume()
        }
    }

    /// Identifies one ``wait()`` call.
    private final class Waiter: Sendable {}
}
