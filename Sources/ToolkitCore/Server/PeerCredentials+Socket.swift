#if canImport(Glibc)
import Glibc
#endif
import JSONRPC
import NIOCore

/// The kernel's `struct ucred`: 12 bytes, as SO_PEERCRED returns it.
private struct UCred: Sendable {
    var pid: Int32 = 0
    var uid: UInt32 = 0
    var gid: UInt32 = 0
}

extension PeerCredentials {
    /// Reads SO_PEERCRED from a connected Unix socket channel. Call it in the child channel initializer,
    /// before a short-lived client's descriptor can be gone.
    static func read(from channel: any Channel) -> EventLoopFuture<PeerCredentials?> {
        guard let provider = channel as? any SocketOptionProvider else {
            return channel.eventLoop.makeSucceededFuture(nil)
        }
        let future: EventLoopFuture<UCred> = provider.unsafeGetSocketOption(
            level: SocketOptionLevel(SOL_SOCKET), name: SocketOptionName(SO_PEERCRED))
        return future.map { PeerCredentials(pid: $0.pid, uid: $0.uid, gid: $0.gid) }.recover { _ in nil }
    }
}
