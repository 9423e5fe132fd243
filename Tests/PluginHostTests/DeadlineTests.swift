import NIOConcurrencyHelpers
import Testing

@testable import PluginHost

/// `Deadline.race`, which bounds the calls the host makes to a plugin with a deadline (hooks, the handshake).
@Suite(.timeLimit(.minutes(1)))
struct DeadlineTests {
    @Test func anOperationThatIgnoresCancellationStillEndsAtTheDeadline() async throws {
        // Given an operation that, like a plugin answering nothing after `rpc.cancel`, never ends by itself
        let gate = Gate()
        defer { gate.open() }

        // When its deadline passes, then the caller gets DeadlinePassed without waiting for it
        await #expect(throws: DeadlinePassed.self) {
            try await Deadline.race(.milliseconds(50), on: ContinuousClock()) { await gate.wait() }
        }
    }

    @Test func theDeadlinePassesWhenTheClockReachesItAndNotBefore() async throws {
        // Given an operation that never ends, raced against 5 s on a clock the test moves
        let gate = Gate()
        defer { gate.open() }
        let clock = ManualClock()
        let caller = Task { try await Deadline.race(.seconds(5), on: clock) { await gate.wait() } }
        await clock.waitForSleepers()

        // When the clock reaches a millisecond short of the deadline, then the race still runs
        clock.advance(by: .milliseconds(4999))
        #expect(clock.sleeperCount == 1)

        // When it reaches the deadline, then the caller gets DeadlinePassed
        clock.advance(by: .milliseconds(1))
        await #expect(throws: DeadlinePassed.self) { try await caller.value }
    }

    @Test func anOperationWithinTheDeadlineGivesItsValueOrError() async throws {
        let value = try await Deadline.race(.seconds(30), on: ContinuousClock()) { 42 }
        #expect(value == 42)
        struct Refused: Error {}
        await #expect(throws: Refused.self) {
            try await Deadline.race(.seconds(30), on: ContinuousClock()) { () async throws -> Int in throw Refused() }
        }
    }

    @Test func aCancelledCallerIsResumedAtOnce() async throws {
        let gate = Gate()
        defer { gate.open() }
        let caller = Task { try await Deadline.race(.seconds(30), on: ContinuousClock()) { await gate.wait() } }
        caller.cancel()
        await #expect(throws: CancellationError.self) { try await caller.value }
    }
}

/// Blocks its waiters, ignoring cancellation, until opened.
private final class Gate: Sendable {
    private let waiters = NIOLockedValueBox<(open: Bool, list: [CheckedContinuation<Void, Never>])>((false, []))

    func wait() async {
        await withCheckedContinuation { continuation in
            let isOpen = waiters.withLockedValue { state in
                if !state.open { state.list.append(continuation) }
                return state.open
            }
            if isOpen { continuation.resume() }
        }
    }

    func open() {
        let list = waiters.withLockedValue { state in
            state.open = true
            defer { state.list = [] }
            return state.list
        }
        for continuation in list { continuation.resume() }
    }
}
