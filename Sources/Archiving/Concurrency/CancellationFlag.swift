import Synchronization

/// A flag an async caller sets and blocking work on another thread polls between chunks.
package final class CancellationFlag: Sendable {
    private let cancelled = Atomic<Bool>(false)

    /// Creates an unset flag.
    package init() {}

    /// Sets the flag.
    package func cancel() { cancelled.store(true, ordering: .relaxed) }

    /// Throws `ArchiveError.cancelled` once the flag is set.
    package func check() throws {
        if cancelled.load(ordering: .relaxed) {
            throw ArchiveError(.cancelled, "the operation was cancelled", reason: "cancelled")
        }
    }
}
