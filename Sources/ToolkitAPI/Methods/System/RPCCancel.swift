public import JSONRPC

/// `rpc.cancel {id}`: cancels a request still running on the same connection; that request is answered
/// with -32005.
public enum RPCCancel: APIMethod {
    public static let name = "rpc.cancel"
    public static let effect: RPCMethodEffect = .write
    public static let summary = """
        Cancels a request still running on this connection; the cancelled request is answered with error -32005.
        """
    public static let paramsSchema: JSONSchema = .object(
        ["id": .oneOf([.string(), .integer(), .number()], description: "The id of the request to cancel.")],
        required: ["id"])
    public static let resultSchema: JSONSchema = .object(["cancelled": .boolean()])
    /// Params may also be given by position: `[id]`.
    public static let positionalParameters: [String]? = ["id"]

    /// The params of `rpc.cancel`: `{id}`.
    public struct Params: Codable, Sendable, Hashable {
        /// The id of the request to cancel.
        public var id: JSONValue

        /// Makes the params.
        public init(id: JSONValue) {
            self.id = id
        }
    }

    /// What `rpc.cancel` answers.
    public struct Result: Codable, Sendable, Hashable {
        /// Always true: a request that is not running is -32001 instead.
        public var cancelled: Bool

        /// Makes the answer.
        public init(cancelled: Bool) { self.cancelled = cancelled }
    }
}
