/// Bytes in memory.
struct MemoryByteSource: ByteSource {
    let bytes: [UInt8]
    var size: Int64 { Int64(bytes.count) }

    func read(at offset: Int64, count: Int) throws -> [UInt8] {
        guard offset >= 0, offset < size, count > 0 else { return [] }
        let start = Int(offset)
        return Array(bytes[start..<min(bytes.count, start + count)])
    }
}
