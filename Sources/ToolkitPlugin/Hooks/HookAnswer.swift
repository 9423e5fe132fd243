public import ToolkitAPI

/// What a plugin answers a hook: go on as is, go on with changed params, or refuse the change. It is
/// written as ToolkitAPI's ``ToolkitAPI/HookReply``, which the plugin host reads.
public enum HookAnswer<Params: Encodable & Sendable>: Encodable, Sendable {
    /// `{"result": "continue"}`: the change goes on unchanged.
    case `continue`
    /// `{"result": "continue", "params": {…}}`: the change goes on with these params (all of them, not only
    /// the changed members); the next plugin sees them.
    case change(Params)
    /// `{"result": "reject", "message": "…"}`: nothing is stored and the client gets -32004 with `message`.
    case reject(String)

    /// The answer as protocol 1 writes it.
    public var reply: HookReply<Params> {
        switch self {
        case .continue: HookReply(result: .continue)
        case .change(let params): HookReply(result: .continue, params: params)
        case .reject(let message): HookReply(result: .reject, message: message)
        }
    }

    /// Writes ``reply``.
    public func encode(to encoder: any Encoder) throws {
        try reply.encode(to: encoder)
    }
}
