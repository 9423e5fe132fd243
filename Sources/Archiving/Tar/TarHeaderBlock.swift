/// The 512-byte ustar header block: field offsets, numeric fields and the checksum.
///
/// Shared by the writer and the reader; numbers are octal, or base-256 (GNU) when they do not fit.
package struct TarHeaderBlock {
    /// The size of a tar block.
    package static let size = 512

    package enum Field {
        static let name = 0..<100
        static let mode = 100..<108
        static let uid = 108..<116
        static let gid = 116..<124
        static let size = 124..<136
        static let mtime = 136..<148
        static let checksum = 148..<156
        static let typeflag = 156
        static let linkname = 157..<257
        static let magic = 257..<263
        static let version = 263..<265
        static let uname = 265..<297
        static let gname = 297..<329
        static let devmajor = 329..<337
        static let devminor = 337..<345
        static let prefix = 345..<500
        /// Old GNU sparse headers ('S'): set when extension blocks with more of the map follow.
        static let gnuSparseIsExtended = 482
        /// In a GNU sparse extension block: set when another one follows.
        static let gnuSparseExtensionIsExtended = 504
    }

    /// The block's bytes.
    package var bytes: [UInt8]

    /// A zero-filled block.
    package init() { bytes = [UInt8](repeating: 0, count: Self.size) }

    /// Wraps 512 bytes read from an archive.
    package init(bytes: [UInt8]) { self.bytes = bytes }

    /// Whether every byte is zero (an end-of-archive block).
    package var isZero: Bool { bytes.allSatisfy { $0 == 0 } }

    // MARK: Writing

    /// Stores `value` as zero-padded octal with a NUL terminator; `false` if it does not fit.
    @discardableResult
    package mutating func setOctal(_ value: Int64, _ field: Range<Int>) -> Bool {
        let digits = field.count - 1
        var text = Array(String(value, radix: 8).utf8)
        guard value >= 0, text.count <= digits else { return false }
        text = [UInt8](repeating: UInt8(ascii: "0"), count: digits - text.count) + text
        bytes.replaceSubrange(field.lowerBound..<field.lowerBound + digits, with: text)
        bytes[field.upperBound - 1] = 0
        return true
    }

    /// Stores up to the field's length of `text`, NUL-padded.
    package mutating func setBytes(_ text: some Collection<UInt8>, _ field: Range<Int>) {
        for (index, byte) in zip(field, text) { bytes[index] = byte }
    }

    /// Computes and stores the header checksum; call last.
    package mutating func sealChecksum() {
        for index in Field.checksum { bytes[index] = UInt8(ascii: " ") }
        let sum = bytes.reduce(0) { $0 + Int64($1) }
        setOctal(sum, Field.checksum.lowerBound..<Field.checksum.upperBound - 1)  // six digits and NUL
        bytes[Field.checksum.upperBound - 1] = UInt8(ascii: " ")
    }

    // MARK: Reading

    /// Whether the stored checksum matches the unsigned (POSIX) or signed (old tars) sum.
    package var checksumIsValid: Bool {
        guard case .value(let stored) = number(Field.checksum) else { return false }
        var unsigned: Int64 = 0
        var signed: Int64 = 0
        for (index, byte) in bytes.enumerated() {
            let value = Field.checksum.contains(index) ? UInt8(ascii: " ") : byte
            unsigned += Int64(value)
            signed += Int64(Int8(bitPattern: value))
        }
        return stored == unsigned || stored == signed
    }

    /// A numeric field as read.
    package enum Number: Equatable {
        case value(Int64)
        case negative
        case tooLarge
        case notNumeric
    }

    /// Parses a numeric field: octal digits (with leading spaces, ending at a space or NUL), or GNU base-256.
    package func number(_ field: Range<Int>) -> Number {
        let raw = bytes[field]
        guard let first = raw.first else { return .notNumeric }
        if first & 0x80 != 0 {
            if first == 0xFF { return .negative }
            var value: Int64 = 0
            for (offset, byte) in raw.enumerated() {
                let digit = offset == 0 ? Int64(byte & 0x7F) : Int64(byte)
                guard value <= (Int64.max >> 8) else { return .tooLarge }
                value = value << 8 | digit
            }
            return .value(value)
        }
        var value: Int64 = 0
        var index = raw.startIndex
        while index < raw.endIndex && raw[index] == UInt8(ascii: " ") { index += 1 }
        var sawDigit = false
        while index < raw.endIndex {
            let byte = raw[index]
            if byte == 0 || byte == UInt8(ascii: " ") { break }
            guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "7") else {
                return byte == UInt8(ascii: "-") ? .negative : .notNumeric
            }
            guard value <= (Int64.max >> 3) else { return .tooLarge }
            value = value << 3 | Int64(byte - UInt8(ascii: "0"))
            sawDigit = true
            index += 1
        }
        while index < raw.endIndex {  // after the terminator only spaces and NULs may follow
            guard raw[index] == 0 || raw[index] == UInt8(ascii: " ") else { return .notNumeric }
            index += 1
        }
        return sawDigit || raw.allSatisfy({ $0 == 0 || $0 == UInt8(ascii: " ") }) ? .value(value) : .notNumeric
    }

    /// A NUL-terminated text field's bytes.
    package func text(_ field: Range<Int>) -> ArraySlice<UInt8> {
        let raw = bytes[field]
        if let end = raw.firstIndex(of: 0) { return raw[raw.startIndex..<end] }
        return raw
    }

    /// The typeflag byte.
    package var typeflag: UInt8 { bytes[Field.typeflag] }
}
