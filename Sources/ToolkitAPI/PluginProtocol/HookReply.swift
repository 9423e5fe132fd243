/// What a plugin answers a hook call: `{"result": "continue"}`, `{"result": "continue", "params": {…}}`
/// (the whole changed params; the next plugin sees them) or `{"result": "reject", "message": "…"}`.
public struct HookReply<Params: Sendable>: Sendable {
    /// Whether the change goes on.
    public enum Result: String, Codable, Sendable, Hashable {
        /// The change goes on, with ``HookReply/params`` when given.
        case `continue`
        /// Nothing is stored; the client gets -32004 with ``HookReply/message``.
        case reject
    }

    /// Go on, or refuse.
    public var result: Result
    /// With `continue`: the changed params, whole; nil leaves them as they were.
    public var params: Params?
    /// With `reject`: why, for the client; nil (or empty) for the core's own sentence.
    public var message: String?

    /// Makes an answer.
    public init(result: Result, params: Params? = nil, message: String? = nil) {
        self.result = result
        self.params = params
        self.message = message
    }

    enum CodingKeys: String, CodingKey { case result, params, message }
}

extension HookReply: Encodable where Params: Encodable {
    /// Writes `result`, then `params` or `message` when set.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(result, forKey: .result)
        try container.encodeIfPresent(params, forKey: .params)
        try container.encodeIfPresent(message, forKey: .message)
    }
}

extension HookReply: Decodable where Params: Decodable {
    /// Reads `result` (required), `params` (null as none) and `message` (anything but a string as none).
    /// - Throws: `DecodingError` when `result` is not `continue` or `reject`, or `params` do not decode.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        result = try container.decode(Result.self, forKey: .result)
        params = try container.decodeIfPresent(Params.self, forKey: .params)
        message = try? container.decodeIfPresent(String.self, forKey: .message)
    }
}

extension HookReply: Equatable where Params: Equatable {}
extension HookReply: Hashable where Params: Hashable {}
