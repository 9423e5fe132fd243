import JSONRPC
import NIOCore

/// Indents valid JSON for people, keeping member order and every token exactly as it was.
enum JSONPrettyPrinter {
    static func format(_ json: RawJSON, indent: String = "  ") -> String {
        var output: [UInt8] = []
        var depth = 0
        var inString = false
        var escaped = false
        let bytes = Array(json.buffer.readableBytesView)
        var index = 0
        func newline() {
            output.append(0x0A)
            for _ in 0..<depth { output.append(contentsOf: indent.utf8) }
        }
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if inString {
                output.append(byte)
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
                output.append(byte)
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                output.append(byte)
                let close = byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
                var next = index
                while next < bytes.count,
                    bytes[next] == 0x20 || bytes[next] == 0x0A || bytes[next] == 0x09 || bytes[next] == 0x0D
                { next += 1 }
                if next < bytes.count, bytes[next] == close {
                    output.append(close)
                    index = next + 1
                } else {
                    depth += 1
                    newline()
                }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                newline()
                output.append(byte)
            case UInt8(ascii: ","):
                output.append(byte)
                newline()
            case UInt8(ascii: ":"):
                output.append(contentsOf: ": ".utf8)
            case 0x20, 0x0A, 0x09, 0x0D:
                break
            default:
                output.append(byte)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
