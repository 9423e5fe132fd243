import NIOCore
import NIOConcurrencyHelpers

/// Work for a connection's handler that is posted from anywhere (a deferred request's answer, a notification, a
/// call or cancellation from another thread) and runs on the handler's event loop, in the order it was posted.
///
/// What is posted before the loop gets to it runs in one `execute`, not one each: when a plugin's pipe yields a
/// hundred answers for one client, the client's loop is handed them in one task and woken at most once.
final class HandlerMailbox: Sendable {
    enum Work: Sendable {
        case complete(serial: UInt64, result: Result<RawJSON, any Error>)
        case notify(RPCRequest, droppable: Bool, onOverflow: (@Sendable () -> Void)?)
        case call(
            RPCRequest, number: Int, timeout: TimeAmount?, completion: @Sendable (Result<RawJSON, any Error>) -> Void)
        case run(@Sendable (RPCConnectionHandler) -> Void)
        /// What a drained slot holds once its work was taken out to run.
        case done
    }

    /// The posted work, and the storage of a drained batch kept for the next one.
    private struct Queues {
        var posted: [Work] = []
        var spare: [Work] = []
    }

    /// The largest batch storage kept for reuse; a burst past it is freed after it ran.
    private static let keptCapacity = 1_024

    private let handler: NIOLoopBound<RPCConnectionHandler>
    private let queues = NIOLockedValueBox(Queues())

    init(handler: NIOLoopBound<RPCConnectionHandler>) {
        self.handler = handler
    }

    /// Queues `work`; the first work of a batch schedules the batch on the loop.
    func post(_ work: Work) {
        let first = queues.withLockedValue { queues in
            queues.posted.append(work)
            return queues.posted.count == 1
        }
        if first { handler.eventLoop.execute { self.drain() } }
    }

    /// Runs what was posted so far, in order. Work posted meanwhile starts the next batch.
    private func drain() {
        var batch = queues.withLockedValue { queues in
            var batch = queues.spare
            queues.spare = []
            swap(&batch, &queues.posted)
            return batch
        }
        let handler = self.handler.value
        for index in batch.indices {
            // Taken out rather than copied: a copy would retain what the work holds, only to release it again.
            var work = Work.done
            swap(&work, &batch[index])
            switch consume work {
            case .complete(let serial, let result):
                handler.complete(serial: serial, outcome: result.mapError { RPCError.from($0, logger: handler.logger) })
            case .notify(let notification, let droppable, let onOverflow):
                handler.send(notification: notification, droppable: droppable, onOverflow: onOverflow)
            case .call(let request, let number, let timeout, let completion):
                handler.startCall(request, number: number, timeout: timeout, completion: completion)
            case .run(let body):
                body(handler)
            case .done:
                break
            }
        }
        guard batch.capacity <= Self.keptCapacity else { return }
        batch.removeAll(keepingCapacity: true)
        queues.withLockedValue { $0.spare = batch }
    }
}
