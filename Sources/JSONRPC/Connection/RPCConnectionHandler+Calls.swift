import Logging
import NIOCore

/// A call to the peer that waits for its answer: what to tell, and when to give up, if ever.
struct PendingCall {
    let complete: @Sendable (Result<RawJSON, any Error>) -> Void
    var deadline: NIODeadline?
}

/// How often calls with a timeout are checked: their timeouts are exact to within this. One sweep per
/// connection costs less than a timer per call (a forwarded call to a plugin would otherwise add and cancel one).
let callTimeoutSweepInterval = TimeAmount.milliseconds(100)

extension RPCConnectionHandler {
    /// Sends `request`, whose id is `number` (handed out by the connection), to the peer and tells `completion`
    /// its answer, or `.timedOut` once `timeout` has passed.
    ///
    /// A peer that does not read gets no more calls once the outgoing queue is over
    /// ``RPCServerConfiguration/maximumOutgoingBytes``: the call fails at once with `.outputFull`.
    func startCall(
        _ request: RPCRequest, number: Int, timeout: TimeAmount?,
        completion: @escaping @Sendable (Result<RawJSON, any Error>) -> Void
    ) {
        guard !state.isClosed, !state.isOutputClosed else {
            completion(.failure(RPCClientError(code: .connectionClosed, message: "The connection is closed.")))
            return
        }
        guard isUnderOutgoingLimit else {
            completion(
                .failure(
                    RPCClientError(
                        code: .outputFull, message: "The peer is not reading what is sent to it; the call was not sent."
                    )
                ))
            return
        }
        let call = PendingCall(complete: completion, deadline: timeout.map { .now() + $0 })
        guard pendingCalls.add(call, for: number) else {
            completion(.failure(RPCClientError(code: .connectionClosed, message: "The connection is closed.")))
            return
        }
        if timeout != nil, timeoutSweep == nil {
            let connection = self.connection
            timeoutSweep = context.eventLoop.scheduleRepeatedTask(
                initialDelay: callTimeoutSweepInterval, delay: callTimeoutSweepInterval
            ) { _ in connection.sweepCallTimeouts() }
        }
        write(request)
    }

    /// Gives up on the calls past their deadline; stops sweeping once no call waits.
    func sweepCallTimeouts() {
        let now = NIODeadline.now()
        for number in pendingCalls.ids(where: { $0.deadline.map { $0 <= now } ?? false }) {
            abandonCall(
                .number(number),
                with: RPCClientError(code: .timedOut, message: "No answer came within the call's timeout."))
        }
        if pendingCalls.count == 0 {
            timeoutSweep?.cancel()
            timeoutSweep = nil
        }
    }

    /// A response from the peer: completes the call it answers.
    func resolveCall(with response: RPCResponse) {
        guard let call = pendingCalls.resolve(response.id) else {
            logger.debug("Ignoring a response that answers no call", metadata: ["rpc.id": "\(response.id)"])
            return
        }
        call.complete(response.outcome.mapError { $0 as any Error })
    }

    /// Stops waiting for the call `id`: the peer is sent `rpc.cancel` and the call fails with `error`. A late
    /// answer is then ignored.
    func abandonCall(_ id: RPCID, with error: any Error) {
        guard let call = pendingCalls.resolve(id) else { return }
        send(
            notification: RPCRequest(
                method: "rpc.cancel", id: nil, params: RawJSON(unchecked: "{\"id\":\(id.rawJSON)}")),
            droppable: false, onOverflow: nil)
        call.complete(.failure(error))
    }

    /// Fails every call still waiting (the peer can no longer answer) and refuses new ones.
    func failPendingCalls(message: String) {
        timeoutSweep?.cancel()
        timeoutSweep = nil
        for call in pendingCalls.close() {
            call.complete(.failure(RPCClientError(code: .connectionClosed, message: message)))
        }
    }
}
