/// Writing JSON text by hand, for the envelope of every message (faster than an encoder and exact).
enum JSONText {
    /// Appends `string` as a JSON string literal, quotes included.
    static func appendQuoted(_ string: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { appendEscaped($0, to: &output) }
        output.append(UInt8(ascii: "\""))
    }

    /// Appends `bytes` with JSON's escapes. Runs that need none (nearly all text) are copied whole: byte by
    /// byte, appending cost more than reading a page of diary entries from the database.
    private static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        var runStart = 0
        for index in bytes.indices {
            let byte = bytes[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            runStart = index + 1
            output.append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): output.append(byte)
            case 0x0A: output.append(UInt8(ascii: "n"))
            case 0x0D: output.append(UInt8(ascii: "r"))
            case 0x09: output.append(UInt8(ascii: "t"))
            default:
                let hex = Array("0123456789abcdef".utf8)
                output.append(contentsOf: [UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            }
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
    }

    /// `string` as a JSON string literal.
    static func quoted(_ string: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(string.utf8.count + 2)
        appendQuoted(string, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Decodes the body of a JSON string literal (between the quotes), resolving escapes.
    /// Returns nil for a malformed escape or invalid UTF-8.
    ///
    /// The common case, plain ASCII (a method name, a key), is made without generic UTF-8 validation.
    static func unescape(_ body: UnsafeRawBufferPointer) -> String? {
        for byte in body where byte >= 0x80 || byte == UInt8(ascii: "\\") {
            return unescape(collection: body)
        }
        return String(decoding: body.assumingMemoryBound(to: UInt8.self), as: UTF8.self)
    }

    /// Decodes the body of a JSON string literal (between the quotes), resolving escapes.
    /// Returns nil for a malformed escape or invalid UTF-8.
    static func unescape(_ body: some Collection<UInt8>) -> String? {
        unescape(collection: body)
    }

    private static func unescape(collection body: some Collection<UInt8>) -> String? {
        guard body.contains(UInt8(ascii: "\\")) else {
            return String(validating: body, as: UTF8.self)
        }
        var output: [UInt8] = []
        output.reserveCapacity(body.count)
        var iterator = body.makeIterator()
        func hex4() -> UInt16? {
            var value: UInt16 = 0
            for _ in 0..<4 {
                guard let byte = iterator.next(), let digit = hexValue(byte) else { return nil }
                value = value << 4 | UInt16(digit)
            }
            return value
        }
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "\\") else {
                output.append(byte)
                continue
            }
            guard let escape = iterator.next() else { return nil }
            switch escape {
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "u"):
                guard let unit = hex4() else { return nil }
                var scalar: Unicode.Scalar?
                if (0xD800..<0xDC00).contains(unit) {
                    guard iterator.next() == UInt8(ascii: "\\"), iterator.next() == UInt8(ascii: "u"),
                        let low = hex4(), (0xDC00..<0xE000).contains(low)
                    else { return nil }
                    scalar = Unicode.Scalar(0x10000 + (UInt32(unit - 0xD800) << 10) + UInt32(low - 0xDC00))
                } else {
                    scalar = Unicode.Scalar(unit)
                }
                guard let scalar else { return nil }
                output.append(contentsOf: String(Character(scalar)).utf8)
            default: output.append(escape)
            }
        }
        return String(validating: output, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
