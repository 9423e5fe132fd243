public import NIOCore

/// Reads the top level of a JSON value already known to be valid: the members of an object or the
/// elements of an array, as slices of the original bytes. Nothing below the top level is parsed.
public enum JSONStructure {
    /// The kind of a JSON value, from its first byte.
    public enum Kind: Sendable, Equatable {
        case object, array, string, number, bool, null
    }

    /// The kind of the (valid) JSON value in `buffer`.
    public static func kind(of buffer: ByteBuffer) -> Kind? {
        let view = buffer.readableBytesView
        guard let first = view.firstIndex(where: { !isWhitespace($0) }) else { return nil }
        switch view[first] {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
        case UInt8(ascii: "n"): return .null
        default: return .number
        }
    }

    /// The members of a valid JSON object, keys decoded, values as raw slices; nil if not an object or a key
    /// is not valid UTF-8.
    public static func members(of buffer: ByteBuffer) -> [(key: String, value: ByteBuffer)]? {
        var members: [(key: String, value: ByteBuffer)] = []
        var keysValid = true
        let isObject = forEachMember(of: buffer) { key, value in
            guard let key = JSONText.unescape(key) else {
                keysValid = false
                return
            }
            members.append((key, value))
        }
        return isObject && keysValid ? members : nil
    }

    /// Calls `body` with each member of a valid JSON object: the raw bytes of its key (between the quotes,
    /// escapes unresolved) and its value as a slice. Returns false if the value is not an object.
    /// The fast path of message parsing: no key becomes a `String`.
    static func forEachMember(of buffer: ByteBuffer, _ body: (UnsafeRawBufferPointer, ByteBuffer) -> Void) -> Bool {
        buffer.withUnsafeReadableBytes { bytes -> Bool in
            guard var cursor = MemberCursor(bytes) else { return false }
            while let (key, value) = cursor.next() {
                body(
                    UnsafeRawBufferPointer(rebasing: bytes[key]),
                    buffer.getSlice(at: buffer.readerIndex + value.lowerBound, length: value.count)!)
            }
            return true
        }
    }

    /// Walks the members of a valid JSON object in place: each key's bytes (between the quotes, escapes
    /// unresolved) and value's bytes, as ranges of `bytes`.
    struct MemberCursor {
        let bytes: UnsafeRawBufferPointer
        private var index: Int

        /// Nil when the value is not an object.
        init?(_ bytes: UnsafeRawBufferPointer) {
            self.bytes = bytes
            let start = JSONStructure.skipWhitespace(bytes, from: 0)
            guard start < bytes.count, bytes[start] == UInt8(ascii: "{") else { return nil }
            index = JSONStructure.skipWhitespace(bytes, from: start + 1)
        }

        mutating func next() -> (key: Range<Int>, value: Range<Int>)? {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
            let keyEnd = endOfString(bytes, from: index)
            let key = (index + 1)..<(keyEnd - 1)
            index = skipWhitespace(bytes, from: keyEnd)
            let valueStart = skipWhitespace(bytes, from: index + 1)  // after the colon
            let valueEnd = endOfValue(bytes, from: valueStart)
            index = skipWhitespace(bytes, from: valueEnd)
            if index < bytes.count, bytes[index] == UInt8(ascii: ",") {
                index = skipWhitespace(bytes, from: index + 1)
            }
            return (key, valueStart..<valueEnd)
        }
    }

    /// The elements of a valid JSON array as raw slices; nil if not an array.
    public static func elements(of buffer: ByteBuffer) -> [ByteBuffer]? {
        buffer.withUnsafeReadableBytes { bytes -> [ByteBuffer]? in
            var index = skipWhitespace(bytes, from: 0)
            guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else { return nil }
            index = skipWhitespace(bytes, from: index + 1)
            var elements: [ByteBuffer] = []
            while index < bytes.count, bytes[index] != UInt8(ascii: "]") {
                let end = endOfValue(bytes, from: index)
                elements.append(buffer.getSlice(at: buffer.readerIndex + index, length: end - index)!)
                index = skipWhitespace(bytes, from: end)
                if index < bytes.count, bytes[index] == UInt8(ascii: ",") {
                    index = skipWhitespace(bytes, from: index + 1)
                }
            }
            return elements
        }
    }

    /// The decoded string, if `buffer` holds a JSON string.
    public static func string(in buffer: ByteBuffer) -> String? {
        buffer.withUnsafeReadableBytes { bytes -> String? in
            let start = skipWhitespace(bytes, from: 0)
            guard start < bytes.count, bytes[start] == UInt8(ascii: "\"") else { return nil }
            let end = endOfString(bytes, from: start)
            return JSONText.unescape(UnsafeRawBufferPointer(rebasing: bytes[(start + 1)..<(end - 1)]))
        }
    }

    // MARK: Scanning valid JSON

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    fileprivate static func skipWhitespace(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        var index = start
        while index < bytes.count, isWhitespace(bytes[index]) { index += 1 }
        return index
    }

    /// The index just past the closing quote of the string that opens at `start`.
    fileprivate static func endOfString(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        var index = start + 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): return index + 1
            default: index += 1
            }
        }
        return bytes.count
    }

    /// The index just past the value that starts at `start`.
    fileprivate static func endOfValue(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        guard start < bytes.count else { return start }
        switch bytes[start] {
        case UInt8(ascii: "\""):
            return endOfString(bytes, from: start)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            var index = start
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    index = endOfString(bytes, from: index)
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return index + 1 }
                default:
                    break
                }
                index += 1
            }
            return bytes.count
        default:
            var index = start
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]")
                    || isWhitespace(byte)
                {
                    break
                }
                index += 1
            }
            return index
        }
    }
}
