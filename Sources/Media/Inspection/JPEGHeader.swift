/// Reads a JPEG's frame size (the first SOFn marker) and its EXIF (the first `APP1 Exif` segment) by
/// walking the marker segments from the start, reading each segment's 4-byte header and skipping its
/// body: a large ICC or XMP segment costs one seek, not a read.
enum JPEGHeader {
    /// The most segments walked before giving up (real files have a dozen or so before the frame).
    static let maximumSegments = 1_024

    /// Fills `info` with width, height, orientation and the EXIF date.
    /// - Throws: `MediaError.notMedia` when a marker is malformed, the file ends before the frame
    ///   header, or the scan starts without one.
    static func read(_ source: some ByteSource, into info: inout MediaInfo) throws {
        var offset: Int64 = 2
        var sawEXIF = false
        for _ in 0..<maximumSegments {
            var header = ByteCursor(
                try source.readExactly(at: offset, count: 4, what: "JPEG marker"), what: "JPEG marker")
            guard try header.u8() == 0xFF else {
                throw MediaError.notMedia(
                    "the JPEG has no marker where one should be at byte \(offset); the file is damaged",
                    reason: "bad-marker")
            }
            let marker = try header.u8()
            switch marker {
            case 0xFF:
                offset += 1  // fill byte
                continue
            case 0x01, 0xD0...0xD8:
                offset += 2  // markers without a length
                continue
            case 0xD9, 0xDA:
                throw MediaError.notMedia(
                    "the JPEG has no frame header before its image data; the file is damaged", reason: "no-frame-header"
                )
            default:
                break
            }
            let length = Int(try header.u16())
            guard length >= 2 else {
                throw MediaError.notMedia("a JPEG segment has an impossible length of \(length)", reason: "bad-segment")
            }
            switch marker {
            case 0xC0...0xCF where marker != 0xC4 && marker != 0xC8 && marker != 0xCC:
                var frame = ByteCursor(
                    try source.readExactly(at: offset + 4, count: 5, what: "JPEG frame header"),
                    what: "JPEG frame header")
                _ = try frame.u8()  // sample precision
                let height = Int(try frame.u16())
                let width = Int(try frame.u16())
                guard width > 0 else {
                    throw MediaError.notMedia("the JPEG frame header gives a width of 0", reason: "bad-dimensions")
                }
                info.width = width
                // A height of 0 means "defined later by a DNL marker"; report it as unknown.
                info.height = height > 0 ? height : nil
                return
            case 0xE1 where !sawEXIF && length >= 8:
                let body = try source.readExactly(at: offset + 4, count: length - 2, what: "JPEG APP1 segment")
                if body.starts(with: Array("Exif".utf8) + [0, 0]) {
                    sawEXIF = true
                    let fields = EXIFReader.read(Array(body[6...]))
                    info.orientation = fields.orientation
                    if let date = fields.takenAt {
                        info.takenAt = date
                        info.takenAtSource = .exif
                        info.takenAtOffset = fields.takenAtOffset
                    }
                }
            default:
                break
            }
            offset += 2 + Int64(length)
        }
        throw MediaError.notMedia(
            "the JPEG has more than \(maximumSegments) segments before its frame header", reason: "too-many-segments")
    }
}
