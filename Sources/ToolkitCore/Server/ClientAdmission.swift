#if canImport(Glibc)
import Glibc
#endif
import JSONRPC
import NIOConcurrencyHelpers
import NIOCore

/// Holds the connections accepted before the core serves clients (its start-up plugins have not settled):
/// they are served, in the order they came, once ``open()`` is called. Until then a connection is not read,
/// so what its client sends waits in the socket. A connection from a plugin's own process group is served at
/// once: a plugin may call the core while it answers its handshake.
final class ClientAdmission: Sendable {
    /// A pthread lock (NIO's), not `Synchronization.Mutex`, whose futex ThreadSanitizer does not see.
    private let state = NIOLockedValueBox<(isOpen: Bool, waiting: [EventLoopPromise<Void>])>((false, []))
    /// Whether a peer is one of the plugins' processes.
    private let isPlugin: @Sendable (PeerCredentials) -> Bool

    init(isPlugin: @escaping @Sendable (PeerCredentials) -> Bool) {
        self.isPlugin = isPlugin
    }

    /// Succeeds once the connection of a peer with `credentials` may be served.
    func admit(_ credentials: PeerCredentials?, on eventLoop: any EventLoop) -> EventLoopFuture<Void> {
        if isOpen { return eventLoop.makeSucceededFuture(()) }
        if let credentials, isPlugin(credentials) { return eventLoop.makeSucceededFuture(()) }
        let promise = eventLoop.makePromise(of: Void.self)
        let isOpen = state.withLockedValue { state in
            if !state.isOpen { state.waiting.append(promise) }
            return state.isOpen
        }
        if isOpen { promise.succeed(()) }
        return promise.futureResult
    }

    /// Serves the connections held and every one to come.
    func open() {
        let waiting = state.withLockedValue { state in
            state.isOpen = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for promise in waiting { promise.succeed(()) }
    }

    /// Closes the connections still held (the core stops before it served clients).
    func dropWaiting() {
        let waiting = state.withLockedValue { state in
            defer { state.waiting = [] }
            return state.waiting
        }
        for promise in waiting { promise.fail(ChannelError.ioOnClosedChannel) }
    }

    var isOpen: Bool { state.withLockedValue { $0.isOpen } }

    /// Whether the process `pid` belongs to the process group led by one of `leaders` (each plugin runs in a
    /// group of its own, led by the process the core started).
    static func belongs(_ pid: Int32, toGroupOf leaders: [Int32]) -> Bool {
        guard pid > 0 else { return false }
        let group = getpgid(pid)
        return group > 0 && leaders.contains(group)
    }
}
