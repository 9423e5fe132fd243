/// Reads a GIF's logical screen size.
enum GIFHeader {
    /// Fills `info` with width and height.
    /// - Throws: `MediaError.notMedia` when the header is cut short or a dimension is 0.
    static func read(_ source: some ByteSource, into info: inout MediaInfo) throws {
        var cursor = ByteCursor(
            try source.readExactly(at: 6, count: 4, what: "GIF screen descriptor"), bigEndian: false,
            what: "GIF screen descriptor")
        let width = Int(try cursor.u16())
        let height = Int(try cursor.u16())
        guard width > 0, height > 0 else {
            throw MediaError.notMedia(
                "the GIF gives impossible dimensions \(width)×\(height)", reason: "bad-dimensions")
        }
        info.width = width
        info.height = height
    }
}
