#if canImport(Glibc)
import Glibc
#endif
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
        write(into: &buffer, newline: false)
    }

    /// Writes the response's JSON text into `buffer`, with a newline after it when `newline` is true.
    func write(into buffer: inout ByteBuffer, newline: Bool) {
        if case .success(let result) = outcome {
            writeResult(result, into: &buffer, newline: newline)
            return
        }
        writeEnvelope(into: &buffer)
        if newline { buffer.writeInteger(UInt8(ascii: "\n")) }
    }

    /// The common answer in one copy: the envelope, the result's bytes and the id, measured first and
    /// written with one access to the buffer.
    private func writeResult(_ result: RawJSON, into buffer: inout ByteBuffer, newline: Bool) {
        let head: StaticString = "{\"jsonrpc\":\"2.0\",\"result\":"
        let middle: StaticString = ",\"id\":"
        var idText = id.rawJSON
        idText.withUTF8 { idBytes in
            result.buffer.withUnsafeReadableBytes { resultBytes in
                let length =
                    head.utf8CodeUnitCount + resultBytes.count + middle.utf8CodeUnitCount + idBytes.count
                    + (newline ? 2 : 1)
                buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: length) { output in
                    var cursor = LineCursor(output.baseAddress!)
                    cursor.put(head)
                    cursor.put(resultBytes.baseAddress, resultBytes.count)
                    cursor.put(middle)
                    cursor.put(idBytes.baseAddress, idBytes.count)
                    cursor.put(UInt8(ascii: "}"))
                    if newline { cursor.put(UInt8(ascii: "\n")) }
                    return length
                }
            }
        }
    }

    private func writeEnvelope(into buffer: inout ByteBuffer) {
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
