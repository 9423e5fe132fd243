import JSONRPC
import PluginHost
import NIOConcurrencyHelpers
import ToolkitAPI

/// Tells the socket server whether a peer is one of the plugins' processes (in a plugin's process group), so
/// that a plugin calling the core during its handshake is served before clients are. The server is made
/// before the plugin host, which waits for it to listen: the host is attached once made, and held weakly.
final class PluginPeers: Sendable {
    private struct Link {
        weak var host: PluginHost?
    }

    private let link = NIOLockedValueBox(Link())

    func attach(_ host: PluginHost) {
        link.withLockedValue { $0.host = host }
    }

    /// Whether `credentials` are those of a process in the group of a plugin that is running.
    func contains(_ credentials: PeerCredentials) -> Bool {
        guard let host = link.withLockedValue({ $0.host }) else { return false }
        return ClientAdmission.belongs(credentials.pid, toGroupOf: host.statuses.compactMap(\.pid))
    }
}
