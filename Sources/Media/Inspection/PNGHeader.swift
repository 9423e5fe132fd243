/// Reads a PNG's size from its `IHDR` chunk, which must come first.
enum PNGHeader {
    /// Fills `info` with width and height.
    /// - Throws: `MediaError.notMedia` when the first chunk is not a 13-byte `IHDR` or a dimension is
    ///   0 or above 2³¹−1.
    static func read(_ source: some ByteSource, into info: inout MediaInfo) throws {
        var cursor = ByteCursor(try source.readExactly(at: 8, count: 16, what: "PNG header"), what: "PNG header")
        let length = try cursor.u32()
        guard try cursor.fourCC() == "IHDR", length == 13 else {
            throw MediaError.notMedia(
                "the PNG does not begin with an IHDR chunk; the file is damaged", reason: "bad-header")
        }
        let width = try cursor.u32()
        let height = try cursor.u32()
        guard width > 0, height > 0, width <= 0x7FFF_FFFF, height <= 0x7FFF_FFFF else {
            throw MediaError.notMedia(
                "the PNG gives impossible dimensions \(width)×\(height)", reason: "bad-dimensions")
        }
        info.width = Int(width)
        info.height = Int(height)
    }
}
