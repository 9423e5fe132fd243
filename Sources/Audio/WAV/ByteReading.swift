/// Little-endian field access on header bytes.
extension [UInt8] {
    func u16(at offset: Int) -> Int {
        Int(self[offset]) | Int(self[offset + 1]) << 8
    }

    func u32(at offset: Int) -> Int64 {
        Int64(self[offset]) | Int64(self[offset + 1]) << 8 | Int64(self[offset + 2]) << 16
            | Int64(self[offset + 3]) << 24
    }

    /// Four bytes as a chunk identifier, with anything unprintable shown as `?`.
    func fourCC(at offset: Int) -> String {
        String(
            decoding: self[offset..<offset + 4].map { (32...126).contains($0) ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
    }
}

extension Array where Element == UInt8 {
    mutating func appendLE16(_ value: Int) {
        append(UInt8(truncatingIfNeeded: value))
        append(UInt8(truncatingIfNeeded: value >> 8))
    }

    mutating func appendLE32(_ value: Int64) {
        for shift in stride(from: 0, to: 32, by: 8) { append(UInt8(truncatingIfNeeded: value >> Int64(shift))) }
    }
}
