/// Lower-case hexadecimal text for digests.
package enum Hex {
    private static let digits = Array("0123456789abcdef".utf8)

    /// The bytes as lower-case hex.
    package static func string(_ bytes: some Sequence<UInt8>) -> String {
        var out: [UInt8] = []
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
