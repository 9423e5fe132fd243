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
        var method = self.method
        var idText = id?.rawJSON ?? ""
        let written = method.withUTF8 { name -> Bool in
            guard Self.needsNoEscaping(name) else { return false }
            return idText.withUTF8 { idBytes in
                (params?.buffer ?? ByteBuffer()).withUnsafeReadableBytes { paramsBytes in
                    write(name: name, params: paramsBytes, id: idBytes, newline: newline, into: &buffer)
                    return true
                }
            }
        }
        guard !written else { return }
        buffer.writeStaticString("{\"jsonrpc\":\"2.0\",\"method\":")
        buffer.writeString(JSONText.quoted(method))
        if let params {
            buffer.writeStaticString(",\"params\":")
            buffer.writeImmutableBuffer(params.buffer)
        }
        if let id {
            buffer.writeStaticString(",\"id\":")
            buffer.writeString(id.rawJSON)
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

    /// The one-copy form of ``write(into:newline:)``; `params` and `id` are empty when absent.
    private func write(
        name: UnsafeBufferPointer<UInt8>, params: UnsafeRawBufferPointer, id: UnsafeBufferPointer<UInt8>,
        newline: Bool, into buffer: inout ByteBuffer
    ) {
        let head: StaticString = "{\"jsonrpc\":\"2.0\",\"method\":\""
        let paramsKey: StaticString = ",\"params\":"
        let idKey: StaticString = ",\"id\":"
        let hasParams = self.params != nil
        let hasID = self.id != nil
        let length =
            head.utf8CodeUnitCount + name.count + 1 + (hasParams ? paramsKey.utf8CodeUnitCount + params.count : 0)
            + (hasID ? idKey.utf8CodeUnitCount + id.count : 0) + (newline ? 2 : 1)
        buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: length) { output in
            var cursor = LineCursor(output.baseAddress!)
            cursor.put(head)
            cursor.put(UnsafeRawPointer(name.baseAddress), name.count)
            cursor.put(UInt8(ascii: "\""))
            if hasParams {
                cursor.put(paramsKey)
                cursor.put(params.baseAddress, params.count)
            }
            if hasID {
                cursor.put(idKey)
                cursor.put(UnsafeRawPointer(id.baseAddress), id.count)
            }
            cursor.put(UInt8(ascii: "}"))
            if newline { cursor.put(UInt8(ascii: "\n")) }
            return length
        }
    }
}
