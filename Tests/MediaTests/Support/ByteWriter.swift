/// Appends integers in either byte order; the test helpers build headers with it.
struct ByteWriter {
    var bytes: [UInt8] = []
    var bigEndian = true

    init(bigEndian: Bool = true) { self.bigEndian = bigEndian }

    mutating func u8(_ value: UInt8) { bytes.append(value) }
    mutating func u16(_ value: UInt16) { integer(UInt64(value), width: 2) }
    mutating func u32(_ value: UInt32) { integer(UInt64(value), width: 4) }
    mutating func u64(_ value: UInt64) { integer(value, width: 8) }
    mutating func ascii(_ text: String) { bytes += Array(text.utf8) }
    mutating func raw(_ more: [UInt8]) { bytes += more }

    mutating func integer(_ value: UInt64, width: Int) {
        for index in 0..<width {
            let shift = UInt64(8 * (bigEndian ? width - 1 - index : index))
            bytes.append(UInt8(truncatingIfNeeded: value >> shift))
        }
    }
}
