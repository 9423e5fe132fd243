#if canImport(Glibc)
import Glibc
#endif
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
        write(into: &buffer, newline: false)
    }

    /// Writes the request's JSON text into `buffer`, followed by a newline when `newline` is set.
    ///
    /// A method name that needs no escaping (`noun.verb`, the common case) goes in one copy: the envelope,
    /// the name, the params' bytes and the id, measured first and written with one access to the buffer (each
    /// access to a `ByteBuffer` costs a runtime exclusivity check, several per forwarded call).
    func write(into buffer: inout ByteBuffer, newline: Bool) {
        // `id` is read once, as its token: each read of an optional id out of a request (a large value, kept in
        // memory) is a copy through Optional's generic value witness
        // (its cost: `Benchmarks/rpc/callgrind.sh`).
        var method = self.method
        let idText = id?.rawJSON
        let written = method.withUTF8 { name -> Bool in
            guard Self.needsNoEscaping(name) else { return false }
            if var token = idText {
                token.withUTF8 { write(name: name, id: UnsafeRawBufferPointer($0), newline: newline, into: &buffer) }
            } else {
                write(name: name, id: nil, newline: newline, into: &buffer)
            }
            return true
        }
        guard !written else { return }
        buffer.writeStaticString("{\"jsonrpc\":\"2.0\",\"method\":")
        buffer.writeString(JSONText.quoted(method))
        if let params {
            buffer.writeStaticString(",\"params\":")
            buffer.writeImmutableBuffer(params.buffer)
        }
        if let idText {
            buffer.writeStaticString(",\"id\":")
            buffer.writeString(idText)
        }
        buffer.writeStaticString(newline ? "}\n" : "}")
    }

    /// Whether a method name can be written between quotes as it is.
    private static func needsNoEscaping(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in name where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
            return false
        }
        return true
    }

    /// The one-copy form of ``write(into:newline:)``; `id` is nil for a notification.
    private func write(
        name: UnsafeBufferPointer<UInt8>, id: UnsafeRawBufferPointer?, newline: Bool, into buffer: inout ByteBuffer
    ) {
        guard let params else {
            return Self.writeLine(name: name, params: nil, id: id, newline: newline, into: &buffer)
        }
        params.buffer.withUnsafeReadableBytes {
            Self.writeLine(name: name, params: $0, id: id, newline: newline, into: &buffer)
        }
    }

    /// Measures the line, then writes it with one access to `buffer`.
    private static func writeLine(
        name: UnsafeBufferPointer<UInt8>, params: UnsafeRawBufferPointer?, id: UnsafeRawBufferPointer?,
        newline: Bool, into buffer: inout ByteBuffer
    ) {
        let head: StaticString = "{\"jsonrpc\":\"2.0\",\"method\":\""
        let paramsKey: StaticString = ",\"params\":"
        let idKey: StaticString = ",\"id\":"
        let length =
            head.utf8CodeUnitCount + name.count + 1 + (params.map { paramsKey.utf8CodeUnitCount + $0.count } ?? 0)
            + (id.map { idKey.utf8CodeUnitCount + $0.count } ?? 0) + (newline ? 2 : 1)
        buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: length) { output in
            var cursor = LineCursor(output.baseAddress!)
            cursor.put(head)
            cursor.put(UnsafeRawPointer(name.baseAddress), name.count)
            cursor.put(UInt8(ascii: "\""))
            if let params {
                cursor.put(paramsKey)
                cursor.put(params.baseAddress, params.count)
            }
            if let id {
                cursor.put(idKey)
                cursor.put(id.baseAddress, id.count)
            }
            cursor.put(UInt8(ascii: "}"))
            if newline { cursor.put(UInt8(ascii: "\n")) }
            return length
        }
    }
}
