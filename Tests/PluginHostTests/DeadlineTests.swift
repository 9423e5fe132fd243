import Synchronization
import Testing

@testable import PluginHost

/// `withDeadline`, which bounds every call the host makes to a plugin (methods, hooks, the handshake).
struct DeadlineTests {
    @Test func anOperationThatIgnoresCancellationStillEndsAtTheDeadline() async throws {
        // Given an operation that, like a plugin answering nothing after `rpc.cancel`, never ends by itself
        let gate = Gate()
        defer { gate.open() }

        // When its deadline passes, then the caller gets DeadlinePassed without waiting for it
        await #expect(throws: DeadlinePassed.self) {
            try await withDeadline(.milliseconds(50)) { await gate.wait() }
        }
    }

    @Test func anOperationWithinTheDeadlineGivesItsValueOrError() async throws {
        let value = try await withDeadline(.seconds(30)) { 42 }
        #expect(value == 42)
        struct Refused: Error {}
        await #expect(throws: Refused.self) {
            try await withDeadline(.seconds(30)) { () async throws -> Int in throw Refused() }
        }
    }

    @Test func aCancelledCallerIsResumedAtOnce() async throws {
        let gate = Gate()
        defer { gate.open() }
        let caller = Task { try await withDeadline(.seconds(30)) { await gate.wait() } }
        caller.cancel()
        await #expect(throws: CancellationError.self) { try await caller.value }
    }
}

/// Blocks its waiters, ignoring cancellation, until opened.
private final class Gate: Sendable {
    private let waiters = Mutex<(open: Bool, list: [CheckedContinuation<Void, Never>])>((false, []))

    func wait() async {
        await withCheckedContinuation { continuation in
            let isOpen = waiters.withLock { state in
                if !state.open { state.list.append(continuation) }
                return state.open
            }
            if isOpen { continuation.resume() }
        }
    }

    func open() {
        let list = waiters.withLock { state in
            state.open = true
            defer { state.list = [] }
            return state.list
        }
        for continuation in list { continuation.resume() }
    }
}
