/// A header alone is not an image: after the inspectors read a photo's size, this checks that the file holds
/// image data that could make that many pixels, so a few bytes that merely begin like a GIF, PNG, JPEG or
/// WebP are refused as a file that is not media at all (HEIC and movies are checked by their readers).
///
/// Two checks, both cheap: the image data a format must have is there (a GIF's first frame with data, a PNG's
/// `IDAT`, a WebP's bitstream chunk, each lying within the file), and the file is not smaller than the least
/// its format can spend on that many pixels (`minimumBytes`). HEIC is left to its own box checks.
enum ImageDataCheck {
    /// The chunks or blocks walked before giving up on finding the image data.
    static let maximumSteps = 10_000

    /// - Throws: `MediaError.notMedia` (`no-image-data`) with the message a file of unknown content gets.
    static func verify(_ source: some ByteSource, _ info: MediaInfo) throws {
        guard let width = info.width, let height = info.height else { return }
        // A HEIC or PNG header may claim 2^32 − 1 by 2^32 − 1 pixels, past what an Int64 holds.
        let (product, overflowed) = Int64(width).multipliedReportingOverflow(by: Int64(height))
        let pixels = overflowed ? Int64.max : product
        let found: Bool
        switch info.mediaType {
        case MediaType.gif: found = try gifHasFrameData(source)
        case MediaType.png: found = try pngHasImageData(source)
        case MediaType.webp: found = try webPHasBitstream(source)
        case MediaType.jpeg: found = true
        default: return
        }
        guard found, source.size >= minimumBytes(info.mediaType, pixels: pixels, height: Int64(height)) else {
            throw MediaError.notMedia(ContentSniffer.unknownContentMessage, reason: "no-image-data")
        }
    }

    /// The fewest bytes a file of the format can hold `pixels` in, with room to spare: LZW codes of at most
    /// 12 bits stand for at most 4,096 pixels; deflate shrinks at most 1,032 times a PNG's rows of at least a
    /// filter byte and a bit a pixel; Huffman-coded JPEG spends at least a bit on each 8×8 block's DC value.
    static func minimumBytes(_ mediaType: String, pixels: Int64, height: Int64) -> Int64 {
        switch mediaType {
        case MediaType.gif: pixels / 4_096
        case MediaType.png: (height + pixels / 8) / 1_032
        case MediaType.jpeg: pixels / 64 / 8 / 2
        default: 0
        }
    }

    /// Whether the GIF has an image descriptor followed by LZW data (its first sub-block) within the file.
    static func gifHasFrameData(_ source: some ByteSource) throws -> Bool {
        let screen = try source.readExactly(at: 10, count: 1, what: "GIF screen descriptor")[0]
        var offset: Int64 = 13 + (screen & 0x80 != 0 ? 3 << (Int64(screen & 7) + 1) : 0)
        for _ in 0..<maximumSteps {
            guard offset < source.size else { return false }
            switch try source.readExactly(at: offset, count: 1, what: "GIF block")[0] {
            case 0x21:  // extension: label, then sub-blocks up to an empty one
                offset += 2
                while true {
                    guard offset < source.size else { return false }
                    let length = Int64(try source.readExactly(at: offset, count: 1, what: "GIF sub-block")[0])
                    offset += 1 + length
                    if length == 0 { break }
                }
            case 0x2C:  // image descriptor, local colour table, LZW code size, first data sub-block
                guard offset + 10 <= source.size else { return false }
                let flags = try source.readExactly(at: offset + 9, count: 1, what: "GIF image descriptor")[0]
                offset += 10 + (flags & 0x80 != 0 ? 3 << (Int64(flags & 7) + 1) : 0) + 1
                guard offset < source.size else { return false }
                let length = Int64(try source.readExactly(at: offset, count: 1, what: "GIF image data")[0])
                return length > 0 && offset + 1 + length <= source.size
            default:
                return false
            }
        }
        return false
    }

    /// Whether a non-empty `IDAT` chunk lies within the file.
    static func pngHasImageData(_ source: some ByteSource) throws -> Bool {
        var offset: Int64 = 8
        for _ in 0..<maximumSteps {
            guard offset + 8 <= source.size else { return false }
            var cursor = ByteCursor(try source.readExactly(at: offset, count: 8, what: "PNG chunk"), what: "PNG chunk")
            let length = Int64(try cursor.u32())
            let type = try cursor.fourCC()
            if type == "IDAT" { return length > 0 && offset + 8 + length <= source.size }
            if type == "IEND" { return false }
            offset += 12 + length
        }
        return false
    }

    /// Whether a `VP8 ` or `VP8L` bitstream chunk (or an animation frame) lies within the file.
    static func webPHasBitstream(_ source: some ByteSource) throws -> Bool {
        var offset: Int64 = 12
        for _ in 0..<maximumSteps {
            guard offset + 8 <= source.size else { return false }
            var cursor = ByteCursor(
                try source.readExactly(at: offset, count: 8, what: "WebP chunk"), bigEndian: false, what: "WebP chunk")
            let type = try cursor.fourCC()
            let length = Int64(try cursor.u32())
            if ["VP8 ", "VP8L", "ANMF"].contains(type) { return length > 0 && offset + 8 + length <= source.size }
            offset += 8 + length + (length & 1)
        }
        return false
    }
}
