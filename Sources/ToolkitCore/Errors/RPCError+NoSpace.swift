#if canImport(Glibc)
import Glibc
#endif
import JSONRPC

extension RPCError {
    /// The `reason` the media and archive errors carry for a write that found the disk full (`ENOSPC`) or the
    /// user's quota spent (`EDQUOT`), and the diary's for a database that could not grow (`SQLITE_FULL`).
    static func isNoSpace(reason: String?) -> Bool {
        reason == "errno-\(ENOSPC)" || reason == "errno-\(EDQUOT)" || reason == "no-space"
    }

    /// A write that found no space left: not a bug, so the client is told what happened and where, with the
    /// path in `data` (-32603 still, as DESIGN has no code of its own for it; the message is not the generic
    /// one). `message` names the path already ("could not write /…: No space left on device").
    static func noSpace(_ message: String, path: String?) -> RPCError {
        var data: [(String, JSONValue)] = [("reason", .string("no-space"))]
        if let path { data.append(("path", .string(path))) }
        return RPCError(
            code: .internalError,
            message: message.prefix(1).uppercased() + message.dropFirst()
                + "; free some space on that disk and try again.",
            data: .object(data))
    }
}
