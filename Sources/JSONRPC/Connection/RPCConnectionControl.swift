public import NIOCore

/// What the server does to a connection beyond what handlers may.
public protocol RPCConnectionControl: Sendable {
    /// Stops reading requests and closes once the running ones are answered.
    func beginGracefulClose()
    /// Closes now; running requests are cancelled.
    func close()
    /// The future that completes when the connection has closed.
    var closeFuture: EventLoopFuture<Void> { get }
}
