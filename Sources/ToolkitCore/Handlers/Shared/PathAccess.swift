#if canImport(Glibc)
import Glibc
#endif
import JSONRPC

/// Who may name files on the core's machine: only a client running as the core's own user. Others
/// (let in by `--allow-uid`) may send bytes, not paths.
enum PathAccess {
    /// Whether the client runs as the core's own user, so that an answer may name files.
    static func mayNamePaths(_ context: RPCContext) -> Bool {
        guard let uid = context.connection.credentials?.uid else { return true }
        return uid == getuid()
    }

    /// - Throws: -32003 when the client is another user.
    static func check(_ context: RPCContext) throws {
        guard let uid = context.connection.credentials?.uid, uid != getuid() else { return }
        throw RPCError(
            code: .permissionDenied,
            message: "Only the core's own user may import from paths; send the bytes as data instead.",
            data: .object([("uid", .int(Int(uid)))]))
    }
}
