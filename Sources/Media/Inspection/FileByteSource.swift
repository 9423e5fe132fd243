/// An open regular file, read with `pread`.
struct FileByteSource: ByteSource {
    let file: OpenFile
    let size: Int64

    func read(at offset: Int64, count: Int) throws -> [UInt8] {
        guard offset >= 0, offset < size, count > 0 else { return [] }
        return try file.read(at: offset, count: Int(min(Int64(count), size - offset)))
    }
}
