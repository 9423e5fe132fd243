import NIOCore
import Synchronization

/// The thread-safe face of an ``RPCConnectionHandler``: every call hops to the channel's event loop, through one
/// ``HandlerMailbox`` so that what comes from other threads keeps its order and shares the hops.
final class ChannelRPCConnection: RPCConnection, RPCConnectionControl {
    let connectionID: Int
    let credentials: PeerCredentials?
    /// The channel the handler is in.
    let channel: any Channel
    private let handler: NIOLoopBound<RPCConnectionHandler>
    private let mailbox: HandlerMailbox
    /// The id of the next call to the peer; taken before the call reaches the loop, so a cancellation that
    /// comes meanwhile knows it.
    private let nextCallID = Atomic<Int>(1)

    init(
        connectionID: Int, credentials: PeerCredentials?, channel: any Channel,
        handler: NIOLoopBound<RPCConnectionHandler>
    ) {
        self.connectionID = connectionID
        self.credentials = credentials
        self.channel = channel
        self.handler = handler
        self.mailbox = HandlerMailbox(handler: handler)
    }

    private var eventLoop: any EventLoop { handler.eventLoop }

    private func onLoop(_ body: @escaping @Sendable (RPCConnectionHandler) -> Void) {
        if eventLoop.inEventLoop {
            body(handler.value)
        } else {
            mailbox.post(.run(body))
        }
    }

    var closeFuture: EventLoopFuture<Void> { channel.closeFuture }

    func complete(serial: UInt64, outcome: Result<RawJSON, RPCError>) {
        onLoop { $0.complete(serial: serial, outcome: outcome) }
    }

    /// Answers the deferred request `serial`, mapping an error that is not an ``RPCError`` on the loop. Queued
    /// like ``send(notification:droppable:onOverflow:)``, never run inline, so that a notification sent
    /// before the answer (a plugin's progress for it) also leaves before it.
    func complete(serial: UInt64, result: Result<RawJSON, any Error>) {
        mailbox.post(.complete(serial: serial, result: result))
    }

    func attach(onCancel action: @escaping @Sendable () -> Void, to serial: UInt64) {
        // A deferred body runs on the loop: no closure to make for the common case.
        if eventLoop.inEventLoop {
            handler.value.attach(onCancel: action, to: serial)
        } else {
            onLoop { $0.attach(onCancel: action, to: serial) }
        }
    }

    /// Always queued for the next turn of the event loop, never run inline: a caller may hold a lock that
    /// `onOverflow` takes, and notifications keep the order in which they were sent.
    func send(notification: RPCRequest, droppable: Bool, onOverflow: (@Sendable () -> Void)?) {
        mailbox.post(.notify(notification, droppable: droppable, onOverflow: onOverflow))
    }

    /// Cancelling the calling task sends `rpc.cancel` for the request; the peer's answer (-32005) ends it.
    func call(_ method: String, params: RawJSON?) async throws -> RawJSON {
        try await call(method, params: params, issued: { _ in })
    }

    /// As ``call(_:params:)``, telling `issued` the request's id before the request is sent.
    func call(_ method: String, params: RawJSON?, issued: (Int) -> Void) async throws -> RawJSON {
        let number = nextCallID.wrappingAdd(1, ordering: .relaxed).oldValue
        issued(number)
        let request = RPCRequest(method: method, id: .number(number), params: params)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                onLoop { $0.startCall(request, number: number, timeout: nil) { continuation.resume(with: $0) } }
            }
        } onCancel: {
            send(notification: RPCRequest(method: "rpc.cancel", id: nil, params: RawJSON(["id": .int(number)])))
        }
    }

    /// Calls `method` with no task: `completion` gets the answer, or `.timedOut` once `timeout` has passed
    /// (the peer is then sent `rpc.cancel`), or the connection's failure; it runs on the event loop.
    /// - Parameter issued: told the request's id before the request is sent.
    /// - Returns: the request's id, for ``cancelCall(_:)``.
    @discardableResult
    func call(
        _ method: String, params: RawJSON?, timeout: TimeAmount?, issued: (Int) -> Void = { _ in },
        completion: @escaping @Sendable (Result<RawJSON, any Error>) -> Void
    ) -> Int {
        let number = nextCallID.wrappingAdd(1, ordering: .relaxed).oldValue
        issued(number)
        let request = RPCRequest(method: method, id: .number(number), params: params)
        if eventLoop.inEventLoop {
            handler.value.startCall(request, number: number, timeout: timeout, completion: completion)
        } else {
            mailbox.post(.call(request, number: number, timeout: timeout, completion: completion))
        }
        return number
    }

    /// Gives up on the call `number`: the peer is sent `rpc.cancel`, and the call's completion gets
    /// `CancellationError` (unless it was answered already).
    func cancelCall(_ number: Int) {
        onLoop { $0.abandonCall(.number(number), with: CancellationError()) }
    }

    /// Gives up on the calls past their timeout (run by the connection's sweep, on its loop).
    func sweepCallTimeouts() {
        onLoop { $0.sweepCallTimeouts() }
    }

    /// On the event loop (as `rpc.cancel` runs) the answer is exact; from elsewhere the cancellation is
    /// scheduled and the answer is `true`.
    func cancelRequest(_ id: RPCID) -> Bool {
        if eventLoop.inEventLoop { return handler.value.cancel(id) }
        onLoop { _ = $0.cancel(id) }
        return true
    }

    func onClose(_ action: @escaping @Sendable () -> Void) {
        onLoop { $0.onClose(action) }
    }

    /// Shuts this side's output once what is pending is written; answers may still come in.
    func closeOutput() { onLoop { $0.closeOutput() } }

    func beginGracefulClose() { onLoop { $0.beginGracefulClose() } }
    func close() { onLoop { $0.close() } }
}
