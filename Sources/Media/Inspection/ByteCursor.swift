/// Bounds-checked reading of integers from a byte array, in either byte order.
struct ByteCursor {
    let bytes: [UInt8]
    var position: Int
    var bigEndian: Bool
    /// Names the structure being read, for the truncation message.
    let what: String

    init(_ bytes: [UInt8], at position: Int = 0, bigEndian: Bool = true, what: String) {
        self.bytes = bytes
        self.position = position
        self.bigEndian = bigEndian
        self.what = what
    }

    var remaining: Int { max(0, bytes.count - position) }

    /// Throws unless `count` bytes remain.
    func require(_ count: Int) throws {
        guard count >= 0, position >= 0, position <= bytes.count, count <= bytes.count - position else {
            throw MediaError.notMedia(
                "the \(what) is cut short; is the file truncated or damaged?", reason: "truncated")
        }
    }

    mutating func skip(_ count: Int) throws {
        try require(count)
        position += count
    }

    mutating func u8() throws -> UInt8 {
        try require(1)
        defer { position += 1 }
        return bytes[position]
    }

    mutating func u16() throws -> UInt16 {
        UInt16(try unsigned(2))
    }

    mutating func u32() throws -> UInt32 {
        UInt32(try unsigned(4))
    }

    mutating func u64() throws -> UInt64 {
        try unsigned(8)
    }

    /// An unsigned integer of `width` bytes (0 to 8).
    mutating func unsigned(_ width: Int) throws -> UInt64 {
        try require(width)
        var value: UInt64 = 0
        for index in 0..<width {
            let byte = UInt64(bytes[position + (bigEndian ? index : width - 1 - index)])
            value = value << 8 | byte
        }
        position += width
        return value
    }

    /// Four bytes as an ASCII code such as a box type (`"moov"`); other bytes become `?`.
    mutating func fourCC() throws -> String {
        try require(4)
        defer { position += 4 }
        return Self.fourCC(bytes[position..<position + 4])
    }

    mutating func take(_ count: Int) throws -> ArraySlice<UInt8> {
        try require(count)
        defer { position += count }
        return bytes[position..<position + count]
    }

    static func fourCC(_ slice: ArraySlice<UInt8>) -> String {
        String(decoding: slice.map { $0 >= 0x20 && $0 < 0x7f ? $0 : 0x3f }, as: UTF8.self)
    }
}
