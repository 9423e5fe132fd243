import JSONRPC

/// `rpc.cancel {id}`: cancels a request still running on the same connection; that request is answered
/// with -32005.
struct RPCCancel: RPCImmediateMethod {
    static let name = "rpc.cancel"
    static let summary = "Cancels a request still running on this connection; the cancelled request is answered with error -32005."
    static let paramsSchema = JSONSchema.object(
        ["id": .oneOf([.string(), .integer(), .number()], description: "The id of the request to cancel.")],
        required: ["id"])
    static let resultSchema = JSONSchema.object(["cancelled": .boolean()])
    static let positionalParameters: [String]? = ["id"]

    struct Params: Decodable, Sendable {
        var id: JSONValue
    }

    struct Result: Encodable, Sendable {
        var cancelled: Bool
    }

    func handle(_ params: Params, context: RPCContext) throws -> Result {
        let id: RPCID
        switch params.id {
        case .string(let value): id = .string(value)
        case .int(let value): id = .number(value)
        case .double: id = RPCID(rawJSON: params.id.text)
        default: throw RPCError.invalidParams("Param 'id' must be the string or number id of a running request.", field: "id")
        }
        guard context.connection.cancelRequest(id) else {
            throw RPCError(
                code: .notFound, message: "No request with id \(id) is running on this connection.",
                data: ["kind": "request", "id": params.id])
        }
        return Result(cancelled: true)
    }
}
