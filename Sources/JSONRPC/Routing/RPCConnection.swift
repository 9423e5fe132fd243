/// The peer's process credentials, read from the socket when it connected (SO_PEERCRED).
public struct PeerCredentials: Sendable, Hashable, CustomStringConvertible {
    public var pid: Int32
    public var uid: UInt32
    public var gid: UInt32

    public init(pid: Int32, uid: UInt32, gid: UInt32) {
        self.pid = pid
        self.uid = uid
        self.gid = gid
    }

    public var description: String { "pid \(pid), uid \(uid), gid \(gid)" }
}

/// One connection as a handler sees it: who the peer is, and the way back to it.
public protocol RPCConnection: Sendable {
    /// A number unique among this process's connections.
    var connectionID: Int { get }
    /// Who is on the other end, when the transport knows.
    var credentials: PeerCredentials? { get }

    /// Queues a notification to the client.
    ///
    /// - Parameter droppable: when true and the connection's outgoing queue is over its limit, the
    ///   notification is not queued and `onOverflow` runs instead (an event subscriber that does not read).
    func send(notification: RPCRequest, droppable: Bool, onOverflow: (@Sendable () -> Void)?)

    /// Cancels the connection's in-flight request with `id`; it is answered with -32005.
    /// - Returns: whether such a request was in flight.
    func cancelRequest(_ id: RPCID) -> Bool

    /// Runs `action` once when the connection closes (or at once if it already has).
    func onClose(_ action: @escaping @Sendable () -> Void)

    /// Calls `method` on the peer over this connection and waits for its result: the core calling a plugin
    /// on the pipe it serves, or a plugin calling back the core on the pipe it was called on.
    /// - Throws: ``RPCError`` when the peer answers with an error; ``RPCClientError`` `.connectionClosed`
    ///   when the connection closes first, `.unsupported` when the connection cannot call its peer.
    func call(_ method: String, params: RawJSON?) async throws -> RawJSON
}

extension RPCConnection {
    /// Queues a notification to the peer that is never dropped.
    public func send(notification: RPCRequest) {
        send(notification: notification, droppable: false, onOverflow: nil)
    }

    /// A connection that only serves (an in-process one, say) cannot call its peer.
    public func call(_ method: String, params: RawJSON?) async throws -> RawJSON {
        throw RPCClientError(code: .unsupported, message: "This connection cannot call its peer.")
    }
}
