import Foundation

/// Runs blocking work (zstd, file I/O, fsync) on a thread of its own, off Swift's cooperative pool.
package enum DedicatedThread {
    /// Runs `body` on a new thread and returns its result. Cancelling the calling task sets the flag
    /// that `body` polls, so the work stops at its next chunk with `ArchiveError.cancelled`.
    package static func run<T: Sendable>(
        name: String, _ body: @escaping @Sendable (CancellationFlag) throws -> T
    ) async throws -> T {
        let flag = CancellationFlag()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
                let thread = Thread {
                    continuation.resume(with: Result { try body(flag) })
                }
                thread.name = name
                thread.start()
            }
        } onCancel: {
            flag.cancel()
        }
    }
}
