import Logging
import NIOCore

/// A call to the peer that waits for its answer: what to tell, and its timeout when it has one.
struct PendingCall {
    let complete: @Sendable (Result<RawJSON, any Error>) -> Void
    var timeout: Scheduled<Void>?
}

extension RPCConnectionHandler {
    /// Sends `request` (which has an id) to the peer and tells `completion` its answer, or `.timedOut` once
    /// `timeout` has passed.
    ///
    /// A peer that does not read gets no more calls once the outgoing queue is over
    /// ``RPCServerConfiguration/maximumOutgoingBytes``: the call fails at once with `.outputFull`.
    func startCall(
        _ request: RPCRequest, timeout: TimeAmount?,
        completion: @escaping @Sendable (Result<RawJSON, any Error>) -> Void
    ) {
        guard let id = request.id, !state.isClosed, !state.isOutputClosed else {
            completion(.failure(RPCClientError(code: .connectionClosed, message: "The connection is closed.")))
            return
        }
        guard outgoingBytes <= configuration.maximumOutgoingBytes else {
            completion(
                .failure(
                    RPCClientError(
                        code: .outputFull, message: "The peer is not reading what is sent to it; the call was not sent."
                    )
                ))
            return
        }
        var call = PendingCall(complete: completion, timeout: nil)
        if let timeout {
            let connection = self.connection!
            call.timeout = context.eventLoop.scheduleTask(in: timeout) { connection.timeOutCall(id) }
        }
        guard pendingCalls.add(call, for: id) else {
            call.timeout?.cancel()
            completion(.failure(RPCClientError(code: .connectionClosed, message: "The connection is closed.")))
            return
        }
        write(request)
    }

    /// A response from the peer: completes the call it answers.
    func resolveCall(with response: RPCResponse) {
        guard let call = pendingCalls.resolve(response.id) else {
            logger.debug("Ignoring a response that answers no call", metadata: ["rpc.id": "\(response.id)"])
            return
        }
        call.timeout?.cancel()
        call.complete(response.outcome.mapError { $0 as any Error })
    }

    /// Stops waiting for the call `id`: the peer is sent `rpc.cancel` and the call fails with `error`. A late
    /// answer is then ignored.
    func abandonCall(_ id: RPCID, with error: any Error) {
        guard let call = pendingCalls.resolve(id) else { return }
        call.timeout?.cancel()
        send(
            notification: RPCRequest(
                method: "rpc.cancel", id: nil, params: RawJSON(unchecked: "{\"id\":\(id.rawJSON)}")),
            droppable: false, onOverflow: nil)
        call.complete(.failure(error))
    }

    /// Fails every call still waiting (the peer can no longer answer) and refuses new ones.
    func failPendingCalls(message: String) {
        for call in pendingCalls.close() {
            call.timeout?.cancel()
            call.complete(.failure(RPCClientError(code: .connectionClosed, message: message)))
        }
    }
}
