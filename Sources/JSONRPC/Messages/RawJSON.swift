#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
public import NIOCore

/// The bytes of one JSON value exactly as they were sent or will be sent.
///
/// Params and results travel as raw bytes, so a forwarded call (to a plugin, say) reaches its target
/// unchanged, and nothing is decoded that nobody reads.
public struct RawJSON: Sendable, Hashable, CustomStringConvertible {
    /// The JSON text.
    public var buffer: ByteBuffer

    public init(buffer: ByteBuffer) { self.buffer = buffer }

    /// Raw JSON from its text; the caller promises it is valid JSON.
    public init(unchecked text: String) { self.buffer = ByteBuffer(string: text) }

    /// The JSON text of a program-made value.
    public init(_ value: JSONValue) {
        var bytes: [UInt8] = []
        value.append(to: &bytes)
        self.buffer = ByteBuffer(bytes: bytes)
    }

    /// Encodes `value`: through its own ``JSONWriter`` when it is ``JSONWritable``, else with the shared
    /// encoder (the two write the same JSON).
    /// - Throws: whatever `JSONEncoder` throws (a non-finite number, say).
    public init(encoding value: some Encodable) throws {
        if let writable = value as? any JSONWritable {
            self.init(writing: writable)
        } else {
            self.init(buffer: ByteBuffer(bytes: try RawJSON.encoder.encode(value)))
        }
    }

    /// The JSON a value writes itself.
    public init(writing value: any JSONWritable) {
        var writer = JSONWriter()
        value.write(to: &writer)
        self.buffer = ByteBuffer(bytes: writer.bytes)
    }

    /// Decodes the value as `type` with the shared decoder.
    /// - Throws: `DecodingError` when the JSON does not fit the type.
    public func decode<T: Decodable>(_ type: T.Type = T.self) throws -> T {
        try buffer.withUnsafeReadableBytes { bytes in
            try RawJSON.decoder.decode(type, from: Data(bytes))
        }
    }

    public var text: String { String(buffer: buffer) }
    public var description: String { text }

    /// The first byte that is not whitespace, telling the value's type.
    var leadingByte: UInt8? {
        buffer.readableBytesView.first { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }
    }

    /// Whether the text may hold the word `progress`, written plainly or with escapes: false when neither
    /// the word nor a backslash is in it. One pass over the bytes, for every request with params.
    var mayMentionProgress: Bool {
        let word: StaticString = "progress"
        return buffer.withUnsafeReadableBytes { text in
            guard let base = text.baseAddress else { return false }
            var index = 0
            while index < text.count {
                let byte = base.load(fromByteOffset: index, as: UInt8.self)
                if byte == UInt8(ascii: "\\") { return true }
                if byte == UInt8(ascii: "p"), text.count - index >= word.utf8CodeUnitCount,
                    memcmp(base + index, word.utf8Start, word.utf8CodeUnitCount) == 0
                {
                    return true
                }
                index += 1
            }
            return false
        }
    }

    public var isObject: Bool { leadingByte == UInt8(ascii: "{") }
    public var isArray: Bool { leadingByte == UInt8(ascii: "[") }
    public var isNull: Bool { leadingByte == UInt8(ascii: "n") }

    /// JSON `null`, the result of a raw handler that has nothing to return.
    public static let null = RawJSON(unchecked: "null")

    /// One encoder for the whole process: creating one per call costs more than the encoding.
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        return encoder
    }()
    static let decoder = JSONDecoder()
}

extension RawJSON: Encodable {
    /// Inside another encoded value, raw JSON is re-encoded through ``JSONValue`` (as a method's whole
    /// result it is written as it is, without this).
    public func encode(to encoder: any Encoder) throws {
        try decode(JSONValue.self).encode(to: encoder)
    }
}
