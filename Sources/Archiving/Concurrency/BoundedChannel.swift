import Foundation

/// A bounded queue between a dedicated thread and async code, with backpressure both ways: a producer
/// that gets `capacity` elements ahead waits (blocking on its thread, or suspended in async code) until
/// the consumer takes one.
///
/// `@unchecked Sendable`: every stored property is only touched with `condition` locked.
package final class BoundedChannel<Element: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private let capacity: Int
    private var buffer: [Element] = []
    private var finished = false
    private var failure: (any Error)?
    private var cancelled = false
    private var waitingReceiver: CheckedContinuation<Element?, any Error>?
    private var waitingSender: (element: Element, continuation: CheckedContinuation<Void, any Error>)?

    /// Creates a channel holding at most `capacity` elements.
    package init(capacity: Int) {
        precondition(capacity > 0)
        self.capacity = capacity
    }

    /// Elements queued now (for tests).
    package var count: Int {
        condition.lock()
        defer { condition.unlock() }
        return buffer.count
    }

    // MARK: Producer

    /// Sends from a thread, blocking while the channel is full. Returns `false` once the consumer cancelled.
    package func sendBlocking(_ element: Element) -> Bool {
        condition.lock()
        while buffer.count >= capacity && !cancelled { condition.wait() }
        guard !cancelled else {
            condition.unlock()
            return false
        }
        if let receiver = waitingReceiver {
            waitingReceiver = nil
            condition.unlock()
            receiver.resume(returning: element)
            return true
        }
        buffer.append(element)
        condition.broadcast()  // wakes a blocking receiver
        condition.unlock()
        return true
    }

    /// Sends from async code, suspending while the channel is full.
    /// - Throws: `ArchiveError.cancelled` once the consumer cancelled.
    package func send(_ element: Element) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            condition.lock()
            if cancelled {
                condition.unlock()
                continuation.resume(throwing: ArchiveError(.cancelled, "the consumer stopped", reason: "cancelled"))
            } else if let receiver = waitingReceiver {
                waitingReceiver = nil
                condition.unlock()
                receiver.resume(returning: element)
                continuation.resume()
            } else if buffer.count < capacity {
                buffer.append(element)
                condition.broadcast()
                condition.unlock()
                continuation.resume()
            } else {
                waitingSender = (element, continuation)
                condition.unlock()
            }
        }
    }

    /// Ends the stream; the consumer sees the remaining elements, then `nil` (or `error`).
    package func finish(throwing error: (any Error)? = nil) {
        condition.lock()
        guard !finished else {  // the first ending wins
            condition.unlock()
            return
        }
        finished = true
        failure = error
        let receiver = buffer.isEmpty ? waitingReceiver : nil
        if receiver != nil { waitingReceiver = nil }
        condition.broadcast()
        condition.unlock()
        if let receiver {
            if let error { receiver.resume(throwing: error) } else { receiver.resume(returning: nil) }
        }
    }

    // MARK: Consumer

    /// Receives in async code; `nil` at the end.
    /// - Throws: what the producer finished with.
    package func receive() async throws -> Element? {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Element?, any Error>) in
            condition.lock()
            if !buffer.isEmpty {
                let element = buffer.removeFirst()
                let sender = admitWaitingSender()
                condition.broadcast()
                condition.unlock()
                sender?.resume()
                continuation.resume(returning: element)
            } else if finished {
                let failure = failure
                condition.unlock()
                if let failure { continuation.resume(throwing: failure) } else { continuation.resume(returning: nil) }
            } else {
                waitingReceiver = continuation
                condition.unlock()
            }
        }
    }

    /// Receives on a thread, blocking while the channel is empty; `nil` at the end.
    /// - Throws: what the producer finished with.
    package func receiveBlocking() throws -> Element? {
        condition.lock()
        while buffer.isEmpty && waitingSender == nil && !finished { condition.wait() }
        // Capacity reached with nothing buffered cannot happen, but take a parked sender's element all the same.
        if buffer.isEmpty, let sender = waitingSender {
            waitingSender = nil
            condition.unlock()
            sender.continuation.resume()
            return sender.element
        }
        guard !buffer.isEmpty else {
            let failure = failure
            condition.unlock()
            if let failure { throw failure }
            return nil
        }
        let element = buffer.removeFirst()
        let sender = admitWaitingSender()
        condition.broadcast()
        condition.unlock()
        sender?.resume()
        return element
    }

    /// The consumer gives up: producers stop (`sendBlocking` returns `false`, `send` throws).
    package func cancel() {
        condition.lock()
        cancelled = true
        buffer.removeAll()
        let sender = waitingSender
        waitingSender = nil
        condition.broadcast()
        condition.unlock()
        sender?.continuation.resume(throwing: ArchiveError(.cancelled, "the consumer stopped", reason: "cancelled"))
    }

    /// Moves a parked async sender's element into the freed slot; returns its continuation to resume.
    private func admitWaitingSender() -> CheckedContinuation<Void, any Error>? {
        guard let sender = waitingSender else { return nil }
        waitingSender = nil
        buffer.append(sender.element)
        return sender.continuation
    }
}
