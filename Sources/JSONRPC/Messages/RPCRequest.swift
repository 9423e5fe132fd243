public import NIOCore

/// A request or, without an id, a notification.
public struct RPCRequest: Sendable, Hashable {
    public var method: String
    /// Absent for a notification, which gets no response.
    public var id: RPCID?
    /// An object (by name) or an array (by position); absent when the request has none.
    public var params: RawJSON?

    public init(method: String, id: RPCID?, params: RawJSON? = nil) {
        self.method = method
        self.id = id
        self.params = params
    }

    public var isNotification: Bool { id == nil }

    /// Writes the request's JSON text (one line, no newline) into `buffer`.
    public func write(into buffer: inout ByteBuffer) {
        buffer.writeStaticString("{\"jsonrpc\":\"2.0\",\"method\":")
        if method.utf8.allSatisfy({ $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            // The common name (`noun.verb`) needs no escaping: written as it is, with no string made.
            buffer.writeInteger(UInt8(ascii: "\""))
            buffer.writeString(method)
            buffer.writeInteger(UInt8(ascii: "\""))
        } else {
            buffer.writeString(JSONText.quoted(method))
        }
        if let params {
            buffer.writeStaticString(",\"params\":")
            buffer.writeImmutableBuffer(params.buffer)
        }
        if let id {
            buffer.writeStaticString(",\"id\":")
            buffer.writeString(id.rawJSON)
        }
        buffer.writeStaticString("}")
    }
}
