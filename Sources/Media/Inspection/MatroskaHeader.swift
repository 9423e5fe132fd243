import Foundation

/// Reads a WebM or Matroska file's duration and date (`Segment/Info`) and its first video track's size and
/// codec (`Segment/Tracks/TrackEntry`), walking elements by seeking, up to the first Cluster.
///
/// Bounded: each level is walked for at most a fixed number of elements, only a few bytes of each are read,
/// and only the first Info and Tracks are looked into. They must come before the first Cluster, where every
/// muxer puts them.
enum MatroskaHeader {
    /// The most elements walked in the Segment before its first Cluster, and inside any other element.
    static let maximumSegmentElements = 4_096
    static let maximumChildElements = 256
    /// Seconds from 1970-01-01 to 2001-01-01, Matroska's epoch for `DateUTC`.
    static let epochOffset: Int64 = 978_307_200

    /// Fills `info` with duration, date, width, height and the video codec.
    /// - Throws: `MediaError.notMedia` when an element is malformed or runs past the end, a value is absurd,
    ///   or no Cluster (the media data) begins in the file.
    static func read(_ source: some ByteSource, into info: inout MediaInfo) throws {
        let format = info.mediaType == MediaType.webm ? "WebM" : "Matroska"
        let top = try EBMLElement.children(
            of: source, in: 0..<source.size, maximum: maximumChildElements, stopAt: [MatroskaID.segment],
            format: format)
        if let header = top.first(where: { $0.id == MatroskaID.ebmlHeader }) {
            try checkReadable(header, source, format)
        }
        guard let segment = top.last, segment.id == MatroskaID.segment else {
            throw MediaError.notMedia(
                "the \(format) file has no Segment after its header; is the file truncated?", reason: "no-segment")
        }
        var timestampScale: UInt64 = 1_000_000
        var duration: Double?
        var hasCluster = false
        var (sawInfo, sawTracks) = (false, false)
        let children = try EBMLElement.children(
            of: source, in: segment.dataStart..<segment.end, maximum: maximumSegmentElements,
            stopAt: [MatroskaID.cluster], format: format)
        for element in children {
            switch element.id {
            case MatroskaID.info where !sawInfo:
                sawInfo = true
                for field in try subelements(of: element, source, format) {
                    switch field.id {
                    case MatroskaID.timestampScale: timestampScale = try field.unsigned(source, format: format)
                    case MatroskaID.duration: duration = try field.float(source, format: format)
                    case MatroskaID.dateUTC: readDate(try field.signed(source, format: format), into: &info)
                    default: break
                    }
                }
            case MatroskaID.tracks where !sawTracks:
                sawTracks = true
                try readTracks(element, source, format, into: &info)
            case MatroskaID.cluster:
                hasCluster = element.dataSize > 0
            default:
                break
            }
        }
        if let duration {
            guard timestampScale > 0, duration.isFinite, duration >= 0 else {
                throw MediaError.notMedia(
                    "the \(format) file gives an impossible duration (\(duration) × \(timestampScale) ns)",
                    reason: "bad-duration")
            }
            info.durationSeconds = duration * Double(timestampScale) / 1e9
        }
        try VideoBounds.check(info, format: format)
        // A header alone is not a video: the media data must begin in the file.
        guard hasCluster else {
            throw MediaError.notMedia(ContentSniffer.unknownContentMessage, reason: "no-image-data")
        }
    }

    /// The DocType of an EBML header lying wholly in `prefix`, or `nil` when it does not.
    static func docType(inPrefix prefix: [UInt8]) -> String? {
        let source = MemoryByteSource(bytes: prefix)
        guard
            let header = try? EBMLElement.children(
                of: source, in: 0..<source.size, maximum: 1, stopAt: [MatroskaID.ebmlHeader], format: "EBML"),
            let first = header.first, first.id == MatroskaID.ebmlHeader,
            let fields = try? subelements(of: first, source, "EBML"),
            let field = fields.first(where: { $0.id == MatroskaID.docType })
        else { return nil }
        return try? field.string(source, format: "EBML")
    }

    /// Refuses an EBML header whose read-version fields say a reader of this file needs more than ffmpeg (and
    /// this reader) know: EBML read version 1, IDs of at most 4 bytes, sizes of at most 8, and the Matroska
    /// document read versions up to 3. Such a file would be accepted here and then fail at its poster.
    private static func checkReadable(_ header: EBMLElement, _ source: some ByteSource, _ format: String) throws {
        let limits: [(id: UInt32, most: UInt64, what: String, unit: String)] = [
            (MatroskaID.ebmlReadVersion, 1, "EBML read version", ""),
            (MatroskaID.ebmlMaxIDLength, 4, "element IDs of up to", " bytes"),
            (MatroskaID.ebmlMaxSizeLength, 8, "element sizes of up to", " bytes"),
            (MatroskaID.docTypeReadVersion, 3, "\(format) read version", ""),
        ]
        let fields = try subelements(of: header, source, format)
        for limit in limits {
            guard let field = fields.first(where: { $0.id == limit.id }) else { continue }
            let value = try field.unsigned(source, format: format)
            guard value > limit.most else { continue }
            throw MediaError.notMedia(
                "the \(format) file says reading it needs \(limit.what) \(value)\(limit.unit), and ffmpeg and this"
                    + " toolkit read up to \(limit.most)\(limit.unit); export it again from the program that made"
                    + " it, as MP4 or WebM",
                reason: "unsupported-version")
        }
    }

    /// The elements inside `element`, at most ``maximumChildElements``.
    private static func subelements(
        of element: EBMLElement, _ source: some ByteSource, _ format: String
    ) throws -> [EBMLElement] {
        try EBMLElement.children(
            of: source, in: element.dataStart..<element.end, maximum: maximumChildElements, format: format)
    }

    /// The size, codec and frame rate of the first video track (TrackType 1) and the codec of the first audio
    /// track (TrackType 2); nothing for a track of another kind.
    private static func readTracks(
        _ tracks: EBMLElement, _ source: some ByteSource, _ format: String, into info: inout MediaInfo
    ) throws {
        var sawVideo = false
        var sawAudio = false
        for entry in try subelements(of: tracks, source, format) where entry.id == MatroskaID.trackEntry {
            let fields = try subelements(of: entry, source, format)
            guard let typeField = fields.first(where: { $0.id == MatroskaID.trackType }) else { continue }
            let type = try typeField.unsigned(source, format: format)
            let codec = try codecName(fields, source, format)
            if type == 2, !sawAudio {
                sawAudio = true
                info.audioCodec = codec
            } else if type == 1, !sawVideo {
                sawVideo = true
                info.videoCodec = codec
                if let frame = fields.first(where: { $0.id == MatroskaID.defaultDuration }) {
                    let nanoseconds = try frame.unsigned(source, format: format)
                    if nanoseconds > 0 { info.frameRate = (1e12 / Double(nanoseconds)).rounded() / 1_000 }
                }
                if let video = fields.first(where: { $0.id == MatroskaID.video }) {
                    try readVideo(video, source, format, into: &info)
                }
            }
            if sawVideo && sawAudio { return }
        }
    }

    /// A track's codec as ffmpeg names it; for `V_MS/VFW/FOURCC`, the codec its BITMAPINFOHEADER names.
    private static func codecName(
        _ fields: [EBMLElement], _ source: some ByteSource, _ format: String
    ) throws -> String? {
        guard let field = fields.first(where: { $0.id == MatroskaID.codecID }) else { return nil }
        let id = try field.string(source, format: format)
        var fourCC: String?
        if id == "V_MS/VFW/FOURCC", let bitmap = fields.first(where: { $0.id == MatroskaID.codecPrivate }),
            bitmap.dataSize >= 20
        {
            // BITMAPINFOHEADER: size, width, height, planes, bit count, then biCompression at byte 16.
            let bytes = try source.readExactly(at: bitmap.dataStart + 16, count: 4, what: "\(format) CodecPrivate")
            fourCC = ByteCursor.fourCC(bytes[...])
        }
        return CodecName.ofMatroskaCodec(id, fourCC: fourCC)
    }

    /// How many times the display size a stereo frame is, across and down, as ffmpeg reads it: a frame of both
    /// eyes side by side (StereoMode 1, 11, or columns interleaved, 8 and 9) is twice the width given to show
    /// one eye, of one above the other (2, 3, or rows, 6 and 7) twice the height.
    static func stereoFactors(_ mode: UInt64) -> (width: UInt64, height: UInt64) {
        switch mode {
        case 1, 8, 9, 11: (2, 1)
        case 2, 3, 6, 7: (1, 2)
        default: (1, 1)
        }
    }

    /// A video track's size: the size to show it at when the file gives one in pixels, else its pixels.
    private static func readVideo(
        _ video: EBMLElement, _ source: some ByteSource, _ format: String, into info: inout MediaInfo
    ) throws {
        var values: [UInt32: UInt64] = [:]
        for field in try subelements(of: video, source, format) {
            switch field.id {
            case MatroskaID.pixelWidth, MatroskaID.pixelHeight, MatroskaID.displayWidth,
                MatroskaID.displayHeight, MatroskaID.displayUnit, MatroskaID.stereoMode:
                values[field.id] = try field.unsigned(source, format: format)
            default:
                break
            }
        }
        guard let width = values[MatroskaID.pixelWidth], let height = values[MatroskaID.pixelHeight] else {
            throw MediaError.notMedia(
                "the \(format) file's video track gives no PixelWidth or PixelHeight; the file is damaged",
                reason: "bad-dimensions")
        }
        // The size to show it at, when the file gives one in pixels (DisplayUnit 0), as an MP4's tkhd does; a
        // stereo file gives it for one eye, and its poster shows both.
        if (values[MatroskaID.displayUnit] ?? 0) == 0, let shownWidth = values[MatroskaID.displayWidth],
            let shownHeight = values[MatroskaID.displayHeight]
        {
            let stereo = stereoFactors(values[MatroskaID.stereoMode] ?? 0)
            let (across, down) = (min(shownWidth, 1 << 32) * stereo.width, min(shownHeight, 1 << 32) * stereo.height)
            (info.width, info.height) = (VideoBounds.clamped(across), VideoBounds.clamped(down))
        } else {
            (info.width, info.height) = (VideoBounds.clamped(width), VideoBounds.clamped(height))
        }
    }

    /// `DateUTC` (nanoseconds since 2001) as the time taken, unless it is before 1970 or absurdly late.
    private static func readDate(_ nanoseconds: Int64, into info: inout MediaInfo) {
        let seconds = nanoseconds / 1_000_000_000 + epochOffset
        guard seconds > 0, seconds < 8_000_000_000 else { return }
        info.takenAt = Date(timeIntervalSince1970: TimeInterval(seconds))
        info.takenAtSource = .container
    }
}
