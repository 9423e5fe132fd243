import Dispatch

/// Runs blocking work (file reads and writes, fsync, libvips) off Swift's cooperative pool.
///
/// The cooperative pool has one thread per core (two here); a thread parked in `read` or `fsync` there
/// stalls every request of the daemon. Work submitted here runs on a concurrent dispatch queue instead,
/// whose threads are created on demand outside that pool, so it is bounded only by how many callers
/// await at once (one per import or thumbnail request).
enum BlockingIO {
    private static let queue = DispatchQueue(label: "PetDiary.media-io", qos: .utility, attributes: .concurrent)

    /// Runs `body` on the blocking-I/O queue and returns its result. A task cancelled before the work
    /// starts gets `CancellationError` without running it; once started, `body` runs to its end (the
    /// media work here is bounded: one file staged, one header read, one thumbnail).
    /// - Throws: What `body` throws, or `CancellationError`.
    static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try Task.checkCancellation()
        return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            queue.async { continuation.resume(with: Result { try body() }) }
        }
    }
}
