public import JSONRPC

extension RPCCancel {
    /// Cancels the request `params.id` names on `connection`: the core's handler for its clients and the plugin
    /// SDK's for the core's `rpc.cancel` both answer with this.
    /// - Throws: -32602 for an id that is not a string or a number, -32001 when no such request runs.
    public static func perform(_ params: Params, on connection: any RPCConnection) throws -> Result {
        let id: RPCID
        switch params.id {
        case .string(let value): id = .string(value)
        case .int(let value): id = .number(value)
        case .double: id = RPCID(rawJSON: params.id.text)
        default:
            throw RPCError.invalidParams(
                "Param 'id' must be the string or number id of a running request.", field: "id")
        }
        guard connection.cancelRequest(id) else {
            throw RPCError(
                code: .notFound, message: "No request with id \(id) is running on this connection.",
                data: ["kind": "request", "id": params.id])
        }
        return Result(cancelled: true)
    }
}
