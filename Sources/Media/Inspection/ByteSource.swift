/// Random access to the bytes being inspected, so parsers read only the headers they need.
protocol ByteSource {
    /// The total number of bytes.
    var size: Int64 { get }
    /// Up to `count` bytes at `offset`; fewer at the end, none past it.
    func read(at offset: Int64, count: Int) throws -> [UInt8]
}

extension ByteSource {
    /// Exactly `count` bytes at `offset`.
    /// - Throws: `MediaError.notMedia` ("truncated") when the source ends first.
    func readExactly(at offset: Int64, count: Int, what: String) throws -> [UInt8] {
        guard count >= 0, offset >= 0, offset <= size, Int64(count) <= size - offset else {
            throw MediaError.notMedia(
                "the \(what) runs past the end of the content; is the file truncated?", reason: "truncated")
        }
        let bytes = try read(at: offset, count: count)
        guard bytes.count == count else {
            throw MediaError.notMedia(
                "the \(what) runs past the end of the content; is the file truncated?", reason: "truncated")
        }
        return bytes
    }
}
