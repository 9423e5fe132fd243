/// Reads a WebP's size from its first chunk (`VP8 `, `VP8L` or `VP8X`) and, for an extended file, its
/// EXIF from an `EXIF` chunk.
enum WebPHeader {
    /// The most chunks walked looking for `EXIF`.
    static let maximumChunks = 64
    /// The largest `EXIF` chunk read.
    static let maximumEXIFBytes = 256 << 10

    /// Fills `info` with width, height and EXIF orientation and date.
    /// - Throws: `MediaError.notMedia` when the first chunk is unknown or cut short.
    static func read(_ source: some ByteSource, into info: inout MediaInfo) throws {
        var cursor = ByteCursor(
            try source.readExactly(at: 12, count: 18, what: "WebP header"), bigEndian: false, what: "WebP header")
        let chunk = try cursor.fourCC()
        _ = try cursor.u32()  // chunk size
        switch chunk {
        case "VP8 ":
            try cursor.skip(3)  // frame tag
            guard try cursor.u8() == 0x9D, try cursor.u8() == 0x01, try cursor.u8() == 0x2A else {
                throw MediaError.notMedia(
                    "the WebP's VP8 frame has no start code; the file is damaged", reason: "bad-header")
            }
            info.width = Int(try cursor.u16() & 0x3FFF)
            info.height = Int(try cursor.u16() & 0x3FFF)
        case "VP8L":
            guard try cursor.u8() == 0x2F else {
                throw MediaError.notMedia(
                    "the WebP's lossless frame has no signature; the file is damaged", reason: "bad-header")
            }
            let bits = try cursor.u32()
            info.width = Int(bits & 0x3FFF) + 1
            info.height = Int((bits >> 14) & 0x3FFF) + 1
        case "VP8X":
            let flags = try cursor.u8()
            try cursor.skip(3)
            info.width = Int(try cursor.unsigned(3)) + 1
            info.height = Int(try cursor.unsigned(3)) + 1
            if flags & 0x08 != 0 { try readEXIF(source, into: &info) }
        default:
            throw MediaError.notMedia("the WebP begins with an unknown chunk \"\(chunk)\"", reason: "bad-header")
        }
        guard (info.width ?? 0) > 0, (info.height ?? 0) > 0 else {
            throw MediaError.notMedia("the WebP gives a width or height of 0", reason: "bad-dimensions")
        }
    }

    /// Walks the RIFF chunks after `VP8X` to the `EXIF` chunk, if any.
    private static func readEXIF(_ source: some ByteSource, into info: inout MediaInfo) throws {
        var offset: Int64 = 12
        for _ in 0..<maximumChunks {
            guard offset + 8 <= source.size else { return }
            var header = ByteCursor(
                try source.readExactly(at: offset, count: 8, what: "WebP chunk"), bigEndian: false, what: "WebP chunk")
            let type = try header.fourCC()
            let size = Int64(try header.u32())
            if type == "EXIF" {
                guard size <= maximumEXIFBytes,
                    let body = try? source.readExactly(at: offset + 8, count: Int(size), what: "WebP EXIF")
                else { return }
                // Some writers keep the JPEG-style "Exif\0\0" header.
                let tiff = body.starts(with: Array("Exif".utf8) + [0, 0]) ? Array(body[6...]) : body
                let fields = EXIFReader.read(tiff)
                info.orientation = fields.orientation
                if let date = fields.takenAt {
                    info.takenAt = date
                    info.takenAtSource = .exif
                    info.takenAtOffset = fields.takenAtOffset
                }
                return
            }
            offset += 8 + size + (size & 1)
        }
    }
}
