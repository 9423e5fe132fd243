import Logging

extension RPCConnectionHandler {
    /// Sends `request` (which has an id) to the peer and resumes `continuation` with its answer.
    ///
    /// A peer that does not read gets no more calls once the outgoing queue is over
    /// ``RPCServerConfiguration/maximumOutgoingBytes``: the call fails at once with `.outputFull`.
    func startCall(_ request: RPCRequest, continuation: CheckedContinuation<RawJSON, any Error>) {
        guard let id = request.id, !state.isClosed, !state.isOutputClosed else {
            continuation.resume(throwing: RPCClientError(code: .connectionClosed, message: "The connection is closed."))
            return
        }
        guard outgoingBytes <= configuration.maximumOutgoingBytes else {
            continuation.resume(
                throwing: RPCClientError(
                    code: .outputFull, message: "The peer is not reading what is sent to it; the call was not sent."))
            return
        }
        guard pendingCalls.add(continuation, for: id) else {
            continuation.resume(throwing: RPCClientError(code: .connectionClosed, message: "The connection is closed."))
            return
        }
        write(request)
    }

    /// A response from the peer: resumes the call it answers.
    func resolveCall(with response: RPCResponse) {
        guard let continuation = pendingCalls.resolve(response.id) else {
            logger.debug("Ignoring a response that answers no call", metadata: ["rpc.id": "\(response.id)"])
            return
        }
        continuation.resume(with: response.outcome.mapError { $0 as any Error })
    }

    /// Fails every call still waiting (the peer can no longer answer) and refuses new ones.
    func failPendingCalls(message: String) {
        for continuation in pendingCalls.close() {
            continuation.resume(throwing: RPCClientError(code: .connectionClosed, message: message))
        }
    }
}
