/// A request id exactly as the client wrote it: a string, a number or null.
///
/// The raw token is kept, so `1.0`, `1e3` and integers beyond 64 bits are echoed unchanged.
public struct RPCID: Hashable, Sendable, CustomStringConvertible {
    /// The id's JSON token, for example `7`, `"abc"` or `null`.
    public let rawJSON: String

    /// An id from its raw JSON token; the caller promises it is a valid string, number or null token.
    public init(rawJSON: String) { self.rawJSON = rawJSON }

    /// The id's value when it is an integer written plainly (`7`, `-12`: no leading zero, no fraction or
    /// exponent, at most 18 digits, which always fit), as ``number(_:)`` writes them; nil for any other token.
    var integerValue: Int? {
        var text = rawJSON
        return text.withUTF8 { Self.plainInteger(in: UnsafeRawBufferPointer($0)) }
    }

    public static func number(_ value: Int) -> RPCID {
        // Written digit by digit into a small (inline) string: `String(value)` costs several times more, and a
        // core makes one per call to a plugin.
        guard value.magnitude < 100_000_000_000_000 else { return RPCID(rawJSON: String(value)) }
        let text = String(unsafeUninitializedCapacity: 15) { buffer in
            var rest = value.magnitude
            var end = buffer.count
            repeat {
                end -= 1
                buffer[end] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            } while rest > 0
            if value < 0 {
                end -= 1
                buffer[end] = UInt8(ascii: "-")
            }
            let length = buffer.count - end
            if end > 0 { buffer.baseAddress!.update(from: buffer.baseAddress! + end, count: length) }
            return length
        }
        return RPCID(rawJSON: text)
    }

    public static func string(_ value: String) -> RPCID { RPCID(rawJSON: JSONText.quoted(value)) }
    public static let null = RPCID(rawJSON: "null")

    public var description: String { rawJSON }

    /// The value of a token that is an integer written plainly; nil for any other token.
    private static func plainInteger(in bytes: UnsafeRawBufferPointer) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let negative = base.load(as: UInt8.self) == UInt8(ascii: "-")
        let first = negative ? 1 : 0
        let digits = bytes.count - first
        guard digits >= 1, digits <= 18 else { return nil }
        if base.load(fromByteOffset: first, as: UInt8.self) == UInt8(ascii: "0") {
            return digits == 1 && !negative ? 0 : nil  // `-0` and `007` are not written so by `number(_:)`
        }
        var value = 0
        for offset in first..<bytes.count {
            let digit = base.load(fromByteOffset: offset, as: UInt8.self) &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value &* 10 &+ Int(digit)
        }
        return negative ? -value : value
    }
}
