import FFmpeg
import Testing

/// The bound on runs at once: a waiter waits, and one whose task is cancelled leaves the queue.
struct RunSlotsTests {
    @Test func aSecondRunWaitsForTheSlotAndCanBeCancelledWhileWaiting() async throws {
        let slots = RunSlots(count: 1)
        try await slots.acquire()
        let waiting = Task { try await slots.acquire() }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        slots.release()
        // The slot is free again: the cancelled waiter took nothing.
        try await slots.withSlot {}
        try await slots.acquire()
        let next = Task { try await slots.acquire() }
        slots.release()
        try await next.value
        slots.release()
    }

    @Test func theDefaultIsOneRunPerTwoProcessors() {
        #expect(FFmpeg.defaultConcurrentRuns >= 1)
        #expect(RunSlots(count: 0).count == 1)
    }
}
