/// What a plugin answers a hook: go on as is, go on with changed params, or refuse the change.
public enum HookAnswer<Params: Encodable & Sendable>: Encodable, Sendable {
    /// `{"result": "continue"}`: the change goes on unchanged.
    case `continue`
    /// `{"result": "continue", "params": {…}}`: the change goes on with these params (all of them, not only
    /// the changed members); the next plugin sees them.
    case change(Params)
    /// `{"result": "reject", "message": "…"}`: nothing is stored and the client gets -32004 with `message`.
    case reject(String)

    private enum CodingKeys: String, CodingKey { case result, params, message }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .continue:
            try container.encode("continue", forKey: .result)
        case .change(let params):
            try container.encode("continue", forKey: .result)
            try container.encode(params, forKey: .params)
        case .reject(let message):
            try container.encode("reject", forKey: .result)
            try container.encode(message, forKey: .message)
        }
    }
}
