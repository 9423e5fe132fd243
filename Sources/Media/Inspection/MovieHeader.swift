import Foundation

/// Reads an MP4 or MOV's duration and creation time (`moov/mvhd`, or QuickTime's creation date in `moov/meta`), the
/// first video track's size and rotation (`moov/trak/tkhd`, with `mdia/hdlr` saying `vide`), codec and frame rate,
/// and the first sound track's codec, walking boxes by seeking.
enum MovieHeader {
    /// Seconds from 1904-01-01 (the QuickTime epoch) to 1970-01-01.
    static let epochOffset: Int64 = 2_082_844_800

    /// Fills `info` with duration, creation date, width, height, orientation, codecs and frame rate.
    /// - Throws: `MediaError.notMedia` when the file has no `moov` box, a box is malformed, or no `mdat` with data.
    static func read(_ source: some ByteSource, into info: inout MediaInfo) throws {
        let top = try ISOBox.children(of: source, in: 0..<source.size, stopAt: ["moov"])
        guard let moov = top.last, moov.type == "moov" else {
            throw MediaError.notMedia(
                "the video has no movie header (moov box); it may be truncated or still being recorded",
                reason: "no-moov")
        }
        let children = try ISOBox.children(of: source, in: moov.payloadStart..<moov.end)
        var video: Track?
        var sound: Track?
        var sized: Track?  // the first track with a size, for a movie with no video handler
        for box in children {
            switch box.type {
            case "mvhd":
                try readMovieHeader(box, source, into: &info)
            case "trak" where video == nil || sound == nil:
                let track = try readTrack(box, source)
                if track.handler == "vide" {
                    video = video ?? track
                } else if track.handler == "soun" {
                    sound = sound ?? track
                } else if sized == nil, let size = track.size, size.width > 0, size.height > 0 {
                    sized = track
                }
            default:
                break
            }
        }
        if let size = (video ?? sized)?.size {
            (info.width, info.height, info.orientation) = (size.width, size.height, size.orientation)
        }
        info.videoCodec = video?.sampleEntry.flatMap(CodecName.ofSampleEntry)
        info.audioCodec = sound?.sampleEntry.flatMap(CodecName.ofSampleEntry)
        info.frameRate = video?.frameRate
        if let recorded = try QuickTimeMetadata.creationDate(in: children, source) {
            (info.takenAt, info.takenAtSource, info.takenAtOffset) = (recorded.date, .container, recorded.offset)
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

    /// What one `trak` box says of its track.
    struct Track {
        /// From `tkhd`: the size to show it at and the orientation of its matrix.
        var size: (width: Int, height: Int, orientation: Int?)?
        /// From `mdia/hdlr`: `vide`, `soun`, …
        var handler: String?
        /// The type of the first sample entry in `mdia/minf/stbl/stsd`: the codec (`avc1`, `mp4a`).
        var sampleEntry: String?
        /// From `stbl/stsz`: how many samples (frames, for video).
        var samples: UInt32?
        /// From `mdia/mdhd`: the track's length.
        var seconds: Double?

        /// Frames per second, to a thousandth (29.97), when the track gives its frame count and length.
        var frameRate: Double? {
            guard let samples, samples > 1, let seconds, seconds > 0 else { return nil }
            return (Double(samples) / seconds * 1_000).rounded() / 1_000
        }
    }

    /// Reads a track's header, handler, length and first sample entry.
    private static func readTrack(_ trak: ISOBox, _ source: some ByteSource) throws -> Track {
        var track = Track()
        for box in try ISOBox.children(of: source, in: trak.payloadStart..<trak.end) {
            if box.type == "tkhd" {
                track.size = try readTrackHeader(box, source)
            } else if box.type == "mdia" {
                for child in try ISOBox.children(of: source, in: box.payloadStart..<box.end) {
                    switch child.type {
                    case "hdlr":
                        var cursor = try child.payload(source, limit: 12)
                        try cursor.skip(8)  // version, flags, pre_defined
                        track.handler = try cursor.fourCC()
                    case "mdhd":
                        track.seconds = try readMediaHeader(child, source)
                    case "minf":
                        try readSampleTable(in: child, source, into: &track)
                    default:
                        break
                    }
                }
            }
        }
        return track
    }

    /// A media header's duration over its timescale.
    private static func readMediaHeader(_ box: ISOBox, _ source: some ByteSource) throws -> Double? {
        var cursor = try box.payload(source, limit: 32)
        let version = try cursor.u8()
        try cursor.skip(3)
        try cursor.skip(version == 1 ? 16 : 8)  // created, modified
        let timescale = try cursor.u32()
        let duration = version == 1 ? try cursor.u64() : UInt64(try cursor.u32())
        guard timescale > 0, duration > 0, duration != UInt64(UInt32.max), duration != .max else { return nil }
        return Double(duration) / Double(timescale)
    }

    /// The first sample entry's type (`stsd`) and the sample count (`stsz`) of `minf/stbl`.
    private static func readSampleTable(in minf: ISOBox, _ source: some ByteSource, into track: inout Track) throws {
        for stbl in try ISOBox.children(of: source, in: minf.payloadStart..<minf.end) where stbl.type == "stbl" {
            for box in try ISOBox.children(of: source, in: stbl.payloadStart..<stbl.end) {
                if box.type == "stsd", box.payloadSize >= 16 {
                    var cursor = try box.payload(source, limit: 16)
                    try cursor.skip(8 + 4)  // version, flags, entry count, the entry's size
                    track.sampleEntry = try cursor.fourCC()
                } else if box.type == "stsz", box.payloadSize >= 12 {
                    var cursor = try box.payload(source, limit: 12)
                    try cursor.skip(8)  // version, flags, the common sample size
                    track.samples = try cursor.u32()
                }
            }
        }
    }

    private static func readTrackHeader(_ box: ISOBox, _ source: some ByteSource) throws
        -> (width: Int, height: Int, orientation: Int?)
    {
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
