public import NIOCore

/// The answer to one request: its result or its error, under the request's id.
public struct RPCResponse: Sendable, Hashable {
    public var id: RPCID
    public var outcome: Result<RawJSON, RPCError>

    public init(id: RPCID, outcome: Result<RawJSON, RPCError>) {
        self.id = id
        self.outcome = outcome
    }

    public init(id: RPCID, result: RawJSON) { self.init(id: id, outcome: .success(result)) }
    public init(id: RPCID, error: RPCError) { self.init(id: id, outcome: .failure(error)) }

    /// Writes the response's JSON text (one line, no newline) into `buffer`.
    public func write(into buffer: inout ByteBuffer) {
        switch outcome {
        case .success(let result):
            buffer.writeStaticString("{\"jsonrpc\":\"2.0\",\"result\":")
            buffer.writeImmutableBuffer(result.buffer)
        case .failure(let error):
            buffer.writeStaticString("{\"jsonrpc\":\"2.0\",\"error\":{\"code\":")
            buffer.writeString(String(error.code.rawValue))
            buffer.writeStaticString(",\"message\":")
            buffer.writeString(JSONText.quoted(error.message))
            if let data = error.data {
                buffer.writeStaticString(",\"data\":")
                buffer.writeImmutableBuffer(data.buffer)
            }
            buffer.writeStaticString("}")
        }
        buffer.writeStaticString(",\"id\":")
        buffer.writeString(id.rawJSON)
        buffer.writeStaticString("}")
    }
}
