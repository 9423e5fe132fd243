/// How a ``RegisteredMethod/Body/deferred(_:)`` body answers its request later, from any thread, and learns
/// that the request was cancelled (`rpc.cancel`, or its connection closed).
public struct RPCResponder: Sendable {
    let connection: ChannelRPCConnection
    let serial: UInt64

    /// Answers the request (nothing is sent for a notification, or once it was cancelled). An error that is
    /// not an ``RPCError`` is mapped as a task's would be.
    public func answer(_ outcome: Result<RawJSON, any Error>) {
        connection.complete(serial: serial, result: outcome)
    }

    /// Sets what stops the work when the request is cancelled before it is answered; call it from the body,
    /// before it returns.
    public func onCancel(_ action: @escaping @Sendable () -> Void) {
        connection.attach(onCancel: action, to: serial)
    }
}
