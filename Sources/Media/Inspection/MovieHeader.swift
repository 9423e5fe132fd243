import Foundation

/// Reads an MP4 or MOV's duration and creation time (`moov/mvhd`, or QuickTime's creation date in `moov/meta`), the
/// first video track's size and rotation (`moov/trak/tkhd`, with `mdia/hdlr` saying `vide`), codec and frame rate,
/// and the first sound track's codec, walking boxes by seeking. A fragmented movie's (`moov/mvex`) duration is
/// what its fragments hold (``MovieFragments``).
enum MovieHeader {
    /// Seconds from 1904-01-01 (the QuickTime epoch) to 1970-01-01.
    static let epochOffset: Int64 = 2_082_844_800

    /// Fills `info` with duration, creation date, width, height, orientation, codecs and frame rate.
    /// - Throws: `MediaError.notMedia` when the file has no `moov` box, a box is malformed, no `mdat` with data,
    ///   or it holds sound and no picture (reason `no-video`).
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
        var mvex: ISOBox?
        for box in children {
            switch box.type {
            case "mvhd":
                try readMovieHeader(box, source, into: &info)
            case "mvex":
                mvex = box
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
        if video == nil, sized == nil, let sound {
            let codec = sound.sampleEntry.flatMap(CodecName.ofSampleEntry).map { " (\($0))" } ?? ""
            throw MediaError.notMedia(
                "the file holds only sound\(codec), no video; the diary keeps photos and videos, so import a"
                    + " recording with a picture",
                reason: "no-video")
        }
        if let size = (video ?? sized)?.size {
            (info.width, info.height, info.orientation) = (size.width, size.height, size.orientation)
        }
        info.videoCodec = video?.sampleEntry.flatMap(CodecName.ofSampleEntry)
        info.audioCodec = sound?.sampleEntry.flatMap(CodecName.ofSampleEntry)
        info.frameRate = video?.frameRate
        if let mvex, var track = video ?? sized, let span = try fragments(of: track, mvex, moov, source) {
            // The fragments' samples follow those `moov` holds itself, and end where the last one does.
            track.samples = UInt32(clamping: MovieFragments.saturating(UInt64(track.samples ?? 0), span.samples))
            track.units = span.end
            if let seconds = track.seconds { info.durationSeconds = seconds }
            if video != nil { info.frameRate = track.frameRate }
        }
        if let recorded = try QuickTimeMetadata.creationDate(in: children, source) {
            (info.takenAt, info.takenAtSource, info.takenAtOffset) = (recorded.date, .container, recorded.offset)
        }
        // A header alone is not a video: the media data must begin in the file.
        guard try hasMediaData(source) else {
            throw MediaError.notMedia(ContentSniffer.unknownContentMessage, reason: "no-image-data")
        }
    }

    /// What a fragmented movie's fragments hold of `track`: where its last sample ends (after the samples `moov`
    /// holds itself, when a fragment gives no decode time) and how many; `nil` when no fragment holds a sample of it.
    private static func fragments(
        of track: Track, _ mvex: ISOBox, _ moov: ISOBox, _ source: some ByteSource
    ) throws -> MovieFragments.Span? {
        guard let id = track.id, let timescale = track.timescale, timescale > 0 else { return nil }
        let defaults = try MovieFragments.defaultDurations(in: mvex, source)
        return try MovieFragments.end(
            ofTrack: id, defaultDuration: defaults[id] ?? 0, after: track.units ?? 0, from: moov.end, source)
    }

    /// Whether a top-level `mdat` box with at least a byte of data begins in the file; an empty one (a writer's
    /// placeholder) does not count, a later one may. Only box headers are read, so a recording whose `mdat` was
    /// cut short still counts.
    static func hasMediaData(_ source: some ByteSource) throws -> Bool {
        var offset: Int64 = 0
        for _ in 0..<ISOBox.maximumBoxesPerLevel {
            guard offset + 8 <= source.size else { return false }
            let (type, headerSize, total) = try ISOBox.declaredHeader(source, at: offset, limit: source.size)
            // An empty `mdat` is a placeholder: the media may lie in a later one.
            if type == "mdat", total != headerSize {
                return total > headerSize && offset + headerSize < source.size
            }
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
        /// From `tkhd`: the track's ID, which its fragments name.
        var id: UInt32?
        /// From `tkhd`: the size to show it at and the orientation of its matrix.
        var size: (width: Int, height: Int, orientation: Int?)?
        /// From `mdia/hdlr`: `vide`, `soun`, …
        var handler: String?
        /// The type of the first sample entry in `mdia/minf/stbl/stsd`: the codec (`avc1`, `mp4a`).
        var sampleEntry: String?
        /// From `stbl/stsz`: how many samples (frames, for video).
        var samples: UInt32?
        /// From `mdia/mdhd`: the track's units a second, and its length in them.
        var timescale: UInt32?
        var units: UInt64?

        /// The track's length in seconds, when its media header gives one.
        var seconds: Double? {
            guard let timescale, timescale > 0, let units, units > 0, units != UInt64(UInt32.max), units != .max
            else { return nil }
            return Double(units) / Double(timescale)
        }

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
                (track.id, track.size) = try readTrackHeader(box, source)
            } else if box.type == "mdia" {
                for child in try ISOBox.children(of: source, in: box.payloadStart..<box.end) {
                    switch child.type {
                    case "hdlr":
                        var cursor = try child.payload(source, limit: 12)
                        try cursor.skip(8)  // version, flags, pre_defined
                        track.handler = try cursor.fourCC()
                    case "mdhd":
                        (track.timescale, track.units) = try readMediaHeader(child, source)
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

    /// A media header's timescale and duration.
    private static func readMediaHeader(_ box: ISOBox, _ source: some ByteSource) throws -> (UInt32, UInt64) {
        var cursor = try box.payload(source, limit: 32)
        let version = try cursor.u8()
        try cursor.skip(3)
        try cursor.skip(version == 1 ? 16 : 8)  // created, modified
        let timescale = try cursor.u32()
        return (timescale, version == 1 ? try cursor.u64() : UInt64(try cursor.u32()))
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
        -> (UInt32, (width: Int, height: Int, orientation: Int?))
    {
        var cursor = try box.payload(source, limit: 96)
        let version = try cursor.u8()
        try cursor.skip(3)
        try cursor.skip(version == 1 ? 8 + 8 : 4 + 4)  // created, modified
        let id = try cursor.u32()
        try cursor.skip(version == 1 ? 4 + 8 : 4 + 4)  // reserved, duration
        try cursor.skip(8 + 2 + 2 + 2 + 2)  // reserved, layer, alternate group, volume, reserved
        var matrix: [Int32] = []
        for _ in 0..<9 { matrix.append(Int32(bitPattern: try cursor.u32())) }
        let width = Int(try cursor.u32() >> 16)  // 16.16 fixed point
        let height = Int(try cursor.u32() >> 16)
        return (id, (width, height, orientation(matrix)))
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
