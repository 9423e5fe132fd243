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
            let codec = try fields.first { $0.id == MatroskaID.codecID }.flatMap {
                CodecName.ofMatroskaCodec(try $0.string(source, format: format))
            }
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

    /// A video track's size: the size to show it at when the file gives one in pixels, else its pixels.
    private static func readVideo(
        _ video: EBMLElement, _ source: some ByteSource, _ format: String, into info: inout MediaInfo
    ) throws {
        var values: [UInt32: UInt64] = [:]
        for field in try subelements(of: video, source, format) {
            switch field.id {
            case MatroskaID.pixelWidth, MatroskaID.pixelHeight, MatroskaID.displayWidth,
                MatroskaID.displayHeight, MatroskaID.displayUnit:
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
        // The size to show it at, when the file gives one in pixels (DisplayUnit 0), as an MP4's tkhd does.
        if (values[MatroskaID.displayUnit] ?? 0) == 0, let shownWidth = values[MatroskaID.displayWidth],
            let shownHeight = values[MatroskaID.displayHeight]
        {
            (info.width, info.height) = (VideoBounds.clamped(shownWidth), VideoBounds.clamped(shownHeight))
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
