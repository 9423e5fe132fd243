import Foundation

/// A dedicated OS thread that runs blocking ALSA and file calls one after another, off Swift's
/// cooperative pool, and hands results back to async callers.
///
/// `@unchecked Sendable`: `jobs` and `finished` are only touched with `condition` locked.
final class DeviceThread: @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []
    private var finished = false

    /// Starts the thread.
    /// - Parameter name: the thread's name, as `top -H` shows it.
    init(name: String) {
        let thread = Thread { [self] in loop() }
        thread.name = name
        thread.start()
    }

    /// Runs `body` on the thread and returns its result.
    func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            let accepted = enqueue {
                continuation.resume(with: Result { try body() })
            }
            if !accepted {
                continuation.resume(
                    throwing: AudioError(.invalidArgument, "the sound's device thread has been shut down"))
            }
        }
    }

    /// Lets queued jobs finish, then ends the thread.
    func shutdown() {
        condition.lock()
        finished = true
        condition.signal()
        condition.unlock()
    }

    /// Runs `body` on a new thread of its own that ends with it.
    static func runDetached<T: Sendable>(name: String, _ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            let thread = Thread {
                continuation.resume(with: Result { try body() })
            }
            thread.name = name
            thread.start()
        }
    }

    private func enqueue(_ job: @escaping @Sendable () -> Void) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !finished else { return false }
        jobs.append(job)
        condition.signal()
        return true
    }

    private func loop() {
        while true {
            condition.lock()
            while jobs.isEmpty && !finished { condition.wait() }
            if jobs.isEmpty && finished {
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job()
        }
    }
}
