import GRDB
import NIOConcurrencyHelpers

/// Writes that arrive together commit together: while one transaction runs, new writes queue, and the
/// next transaction takes all of them, each in its own savepoint so that one failing undoes only itself.
///
/// SQLite commits one transaction at a time; with a commit per write, a script pipelining hundreds of
/// `diary.create` calls pays the commit (and the full-text index's flush) for each. Every caller is
/// answered only after the transaction holding its write has committed, or with the error that kept
/// it from committing.
final class GroupCommit: Sendable {
    /// A queued write: `run` executes it inside the shared transaction; `finish` answers its caller once
    /// that transaction has committed (nil) or failed (the error).
    private struct Pending: Sendable {
        let run: @Sendable (Database) -> Void
        let finish: @Sendable ((any Error)?) -> Void
    }

    private struct State {
        var pending: [Pending] = []
        var draining = false
    }

    private let writer: any DatabaseWriter
    private let state = NIOLockedValueBox(State())
    /// The most writes one transaction takes, so that a flood still commits in bounded steps.
    private let maximumBatch = 256

    init(writer: any DatabaseWriter) {
        self.writer = writer
    }

    /// Runs `body` in a savepoint of the next shared transaction and returns its result once committed.
    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        let outcome = Outcome<T>()
        return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            let pending = Pending(
                run: { db in
                    do {
                        try db.inSavepoint {
                            outcome.result = .success(try body(db))
                            return .commit
                        }
                    } catch {
                        outcome.result = .failure(error)
                    }
                },
                finish: { commitError in
                    if let commitError {
                        continuation.resume(throwing: commitError)
                    } else {
                        continuation.resume(with: outcome.result ?? .failure(CancellationError()))
                    }
                })
            let leads = state.withLockedValue { state -> Bool in
                state.pending.append(pending)
                guard !state.draining else { return false }
                state.draining = true
                return true
            }
            if leads { Task { await self.drain() } }
        }
    }

    /// Commits queued writes, a batch per transaction, until none are left.
    private func drain() async {
        while true {
            let batch = state.withLockedValue { state -> [Pending] in
                let batch = Array(state.pending.prefix(maximumBatch))
                state.pending.removeFirst(batch.count)
                if batch.isEmpty { state.draining = false }
                return batch
            }
            guard !batch.isEmpty else { return }
            do {
                try await writer.write { db in
                    for pending in batch { pending.run(db) }
                }
                for pending in batch { pending.finish(nil) }
            } catch {
                for pending in batch { pending.finish(error) }
            }
        }
    }
}

/// The result of one write, set inside the transaction and read after it has finished.
/// `@unchecked Sendable`: written only by the transaction's thread, read only after `writer.write`
/// returned, which orders the two.
private final class Outcome<T>: @unchecked Sendable {
    var result: Result<T, any Error>?
}
