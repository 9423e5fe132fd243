import Foundation

/// Reads an MP4 or MOV's duration and creation time (`moov/mvhd`) and the first video track's size and
/// rotation (`moov/trak/tkhd`, with `mdia/hdlr` saying `vide`), walking boxes by seeking.
enum MovieHeader {
    /// Seconds from 1904-01-01 (the QuickTime epoch) to 1970-01-01.
    static let epochOffset: Int64 = 2_082_844_800

    /// Fills `info` with duration, creation date, width, height and orientation.
    /// - Throws: `MediaError.notMedia` when the file has no `moov` box, a box is malformed, or no `mdat` with data.
    static func read(_ source: some ByteSource, into info: inout MediaInfo) throws {
        let top = try ISOBox.children(of: source, in: 0..<source.size, stopAt: ["moov"])
        guard let moov = top.last, moov.type == "moov" else {
            throw MediaError.notMedia(
                "the video has no movie header (moov box); it may be truncated or still being recorded",
                reason: "no-moov")
        }
        var firstTrackSize: (Int, Int, Int?)?
        for box in try ISOBox.children(of: source, in: moov.payloadStart..<moov.end) {
            switch box.type {
            case "mvhd":
                try readMovieHeader(box, source, into: &info)
            case "trak" where info.width == nil:
                guard let (width, height, orientation, isVideo) = try readTrack(box, source) else { continue }
                if isVideo {
                    (info.width, info.height, info.orientation) = (width, height, orientation)
                } else if firstTrackSize == nil, width > 0, height > 0 {
                    firstTrackSize = (width, height, orientation)
                }
            default:
                break
            }
        }
        if info.width == nil, let (width, height, orientation) = firstTrackSize {
            (info.width, info.height, info.orientation) = (width, height, orientation)
        }
        // A header alone is not a video: the media data must begin in the file.
        guard try hasMediaData(source) else {
            throw MediaError.notMedia(ContentSniffer.unknownContentMessage, reason: "no-image-data")
        }
    }

    /// Whether a top-level `mdat` box with at least a byte of data begins in the file. Only box headers are
    /// read, so a recording whose `mdat` was cut short still counts.
    static func hasMediaData(_ source: some ByteSource) throws -> Bool {
        var offset: Int64 = 0
        for _ in 0..<ISOBox.maximumBoxesPerLevel {
            guard offset + 8 <= source.size else { return false }
            let (type, headerSize, total) = try ISOBox.declaredHeader(source, at: offset, limit: source.size)
            if type == "mdat" { return total > headerSize && offset + headerSize < source.size }
            guard total >= headerSize, total <= source.size - offset else { return false }
            offset += total
        }
        return false
    }

    private static func readMovieHeader(_ box: ISOBox, _ source: some ByteSource, into info: inout MediaInfo) throws {
        var cursor = try box.payload(source, limit: 32)
        let version = try cursor.u8()
        try cursor.skip(3)  // flags
        let created: UInt64
        let timescale: UInt32
        let duration: UInt64
        if version == 1 {
            created = try cursor.u64()
            _ = try cursor.u64()
            timescale = try cursor.u32()
            duration = try cursor.u64()
        } else {
            created = UInt64(try cursor.u32())
            _ = try cursor.u32()
            timescale = try cursor.u32()
            let short = try cursor.u32()
            duration = short == .max ? .max : UInt64(short)
        }
        if timescale > 0, duration != .max {
            info.durationSeconds = Double(duration) / Double(timescale)
        }
        // 0 means "not set"; anything before 1970 or absurdly late is a camera without a clock.
        if created > UInt64(epochOffset), created < UInt64(epochOffset) + 8_000_000_000 {
            info.takenAt = Date(timeIntervalSince1970: TimeInterval(Int64(created) - epochOffset))
            info.takenAtSource = .container
        }
    }

    /// A track's size, orientation and whether its handler is video; `nil` without a `tkhd`.
    private static func readTrack(_ trak: ISOBox, _ source: some ByteSource) throws -> (Int, Int, Int?, Bool)? {
        var size: (Int, Int, Int?)?
        var isVideo = false
        for box in try ISOBox.children(of: source, in: trak.payloadStart..<trak.end) {
            if box.type == "tkhd" {
                size = try readTrackHeader(box, source)
            } else if box.type == "mdia" {
                for child in try ISOBox.children(of: source, in: box.payloadStart..<box.end, stopAt: ["hdlr"])
                where child.type == "hdlr" {
                    var cursor = try child.payload(source, limit: 12)
                    try cursor.skip(8)  // version, flags, pre_defined
                    isVideo = try cursor.fourCC() == "vide"
                }
            }
        }
        guard let (width, height, orientation) = size else { return nil }
        return (width, height, orientation, isVideo)
    }

    private static func readTrackHeader(_ box: ISOBox, _ source: some ByteSource) throws -> (Int, Int, Int?) {
        var cursor = try box.payload(source, limit: 96)
        let version = try cursor.u8()
        try cursor.skip(3)
        // created, modified, track id, reserved, duration
        try cursor.skip(version == 1 ? 8 + 8 + 4 + 4 + 8 : 4 + 4 + 4 + 4 + 4)
        try cursor.skip(8 + 2 + 2 + 2 + 2)  // reserved, layer, alternate group, volume, reserved
        var matrix: [Int32] = []
        for _ in 0..<9 { matrix.append(Int32(bitPattern: try cursor.u32())) }
        let width = Int(try cursor.u32() >> 16)  // 16.16 fixed point
        let height = Int(try cursor.u32() >> 16)
        return (width, height, orientation(matrix))
    }

    /// The EXIF orientation of a track matrix that is a pure rotation (a, b, c, d in 16.16).
    private static func orientation(_ matrix: [Int32]) -> Int? {
        let one: Int32 = 0x10000
        switch (matrix[0], matrix[1], matrix[3], matrix[4]) {
        case (one, 0, 0, one): return 1
        case (0, one, -one, 0): return 6
        case (-one, 0, 0, -one): return 3
        case (0, -one, one, 0): return 8
        default: return nil
        }
    }
}
