#if canImport(Glibc)
import Glibc
#endif
import JSONRPC

/// Decides who may talk to the core: its own user and the uids and gids the configuration lists.
struct AccessPolicy: Sendable {
    let ownUID: UInt32
    let access: ToolkitConfiguration.Access

    init(access: ToolkitConfiguration.Access, ownUID: UInt32 = getuid()) {
        self.ownUID = ownUID
        self.access = access
    }

    func allows(_ credentials: PeerCredentials?) -> Bool {
        guard let credentials else { return false }
        return credentials.uid == ownUID || access.allowedUIDs.contains(credentials.uid)
            || access.allowedGIDs.contains(credentials.gid)
    }
}
