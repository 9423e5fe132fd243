import Foundation

/// Runs blocking work (file reads and writes, fsync, libvips) off Swift's cooperative pool.
///
/// The cooperative pool has one thread per core (two here); a thread parked in `read` or `fsync` there
/// stalls every request of the daemon. Dispatch's global concurrent queues are no refuge either: they are
/// capped at one thread per core too and shared with everything else in the process. So the work goes to a
/// small pool of threads of its own (``threadCount``), started on first use, that only ever run this work;
/// jobs beyond that wait in order.
package enum BlockingIO {
    /// How many threads run blocking media work at once.
    static let threadCount = 6

    private static let pool = ThreadPool(threads: threadCount, name: "Media.io")

    /// Runs `body` on a blocking-I/O thread and returns its result. A task cancelled before the work
    /// starts gets `CancellationError` without running it; once started, `body` runs to its end (the
    /// media work here is bounded: one file staged, one header read, one thumbnail).
    /// - Throws: What `body` throws, or `CancellationError`.
    package static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try Task.checkCancellation()
        return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            pool.submit { continuation.resume(with: Result { try body() }) }
        }
    }
}

/// A fixed set of threads taking jobs from one FIFO queue.
///
/// `@unchecked Sendable`: `jobs` is only touched with `condition` locked.
private final class ThreadPool: @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []
    private var head = 0

    init(threads: Int, name: String) {
        for index in 0..<threads {
            let thread = Thread { [unowned self] in self.work() }
            thread.name = "\(name)-\(index)"
            thread.start()
        }
    }

    func submit(_ job: @escaping @Sendable () -> Void) {
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func work() {
        while true {
            condition.lock()
            while head == jobs.count { condition.wait() }
            let job = jobs[head]
            head += 1
            if head == jobs.count {
                jobs.removeAll(keepingCapacity: true)
                head = 0
            }
            condition.unlock()
            job()
        }
    }
}
