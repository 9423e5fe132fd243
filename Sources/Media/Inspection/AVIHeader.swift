/// Reads an AVI's size, duration and video codec from its `hdrl` list: the main header `avih`
/// (`dwMicroSecPerFrame`, `dwTotalFrames`, `dwWidth`, `dwHeight`), the first video stream's `strh`
/// (its codec's four-character code) and, in an OpenDML file over 1 GB, `odml/dmlh` (the frames of
/// every RIFF part, where `avih` counts only the first's).
enum AVIHeader {
    /// The most chunks walked at one level, and in a stream's or OpenDML's list.
    static let maximumChunks = 4_096
    static let maximumStreamChunks = 64

    /// Fills `info` with width, height, duration and the video codec.
    /// - Throws: `MediaError.notMedia` when the RIFF chunk or one inside it runs past its end, `avih` is
    ///   missing or short, a value is absurd, or no `movi` list (the media data) begins in the file.
    static func read(_ source: some ByteSource, into info: inout MediaInfo) throws {
        var riff = ByteCursor(
            try source.readExactly(at: 4, count: 4, what: "AVI header"), bigEndian: false, what: "AVI header")
        let riffEnd = 8 + Int64(try riff.u32())
        guard riffEnd >= 12 else {
            throw MediaError.notMedia(
                "the AVI's RIFF chunk is too small to hold its form type; the file is damaged",
                reason: "bad-chunk-size")
        }
        guard riffEnd <= source.size else {
            throw MediaError.notMedia(
                "the AVI's RIFF chunk runs past the end of the content; is the file truncated?", reason: "truncated")
        }
        var mainHeader: (microsecondsPerFrame: UInt32, frames: UInt32, width: UInt32, height: UInt32)?
        var allFrames: UInt32?
        var hasMovie = false
        var sawHeaderList = false  // only the first is looked into, so that a hostile file costs few reads
        for chunk in try chunks(source, in: 12..<riffEnd, stopAtList: "movi") {
            switch (chunk.id, chunk.listType) {
            case ("LIST", "hdrl") where !sawHeaderList:
                sawHeaderList = true
                for part in try chunks(source, in: chunk.dataStart + 4..<chunk.end) {
                    switch (part.id, part.listType) {
                    case ("avih", _):
                        var cursor = try payload(part, source, count: 40, what: "AVI main header")
                        let microseconds = try cursor.u32()
                        try cursor.skip(12)  // dwMaxBytesPerSec, dwPaddingGranularity, dwFlags
                        let frames = try cursor.u32()
                        try cursor.skip(12)  // dwInitialFrames, dwStreams, dwSuggestedBufferSize
                        mainHeader = (microseconds, frames, try cursor.u32(), try cursor.u32())
                    case ("LIST", "strl"):
                        switch try stream(part, source) {
                        case .video(let codec) where info.videoCodec == nil: info.videoCodec = codec
                        case .audio(let codec) where info.audioCodec == nil: info.audioCodec = codec
                        default: break
                        }
                    case ("LIST", "odml"):
                        let entries = try chunks(
                            source, in: part.dataStart + 4..<part.end, maximum: maximumStreamChunks)
                        for entry in entries where entry.id == "dmlh" {
                            var cursor = try payload(entry, source, count: 4, what: "AVI OpenDML header")
                            allFrames = try cursor.u32()
                        }
                    default:
                        break
                    }
                }
            case ("LIST", "movi"):
                hasMovie = chunk.end > chunk.dataStart + 4 && chunk.dataStart + 4 < source.size
            default:
                break
            }
        }
        guard let mainHeader else {
            throw MediaError.notMedia(
                "the AVI has no main header (hdrl/avih); the file is damaged", reason: "no-header")
        }
        if mainHeader.width > 0 || mainHeader.height > 0 {
            info.width = VideoBounds.clamped(UInt64(mainHeader.width))
            info.height = VideoBounds.clamped(UInt64(mainHeader.height))
        }
        let frames = max(allFrames ?? 0, mainHeader.frames)
        if mainHeader.microsecondsPerFrame > 0, frames > 0 {
            info.durationSeconds = Double(frames) * Double(mainHeader.microsecondsPerFrame) / 1e6
        }
        if mainHeader.microsecondsPerFrame > 0 {
            info.frameRate = (1e9 / Double(mainHeader.microsecondsPerFrame)).rounded() / 1_000
        }
        try VideoBounds.check(info, format: "AVI")
        // A header alone is not a video: the media data must begin in the file.
        guard hasMovie else {
            throw MediaError.notMedia(ContentSniffer.unknownContentMessage, reason: "no-image-data")
        }
    }

    /// One RIFF chunk: its four-character ID, a list's type (`nil` for a plain chunk), and where its data lies.
    struct Chunk {
        let id: String
        let listType: String?
        let dataStart: Int64
        let end: Int64
    }

    /// The chunks laid end to end (each padded to an even size) in `range`, up to the list of type `wanted`,
    /// which may run past `range` (a recording cut short is media data that began).
    /// - Throws: `MediaError.notMedia` for a chunk that runs past its parent or for more than `maximum` chunks.
    static func chunks(
        _ source: some ByteSource, in range: Range<Int64>, maximum: Int = maximumChunks,
        stopAtList wanted: String? = nil
    ) throws -> [Chunk] {
        var found: [Chunk] = []
        var offset = range.lowerBound
        while offset + 8 <= range.upperBound {
            guard found.count < maximum else {
                throw MediaError.notMedia(
                    "the AVI has more than \(maximum) chunks in one list", reason: "too-many-chunks")
            }
            let count = Int(min(12, range.upperBound - offset))
            var cursor = ByteCursor(
                try source.readExactly(at: offset, count: count, what: "AVI chunk header"), bigEndian: false,
                what: "AVI chunk header")
            let id = try cursor.fourCC()
            let size = Int64(try cursor.u32())
            let isList = id == "LIST" || id == "RIFF"
            let listType = isList && size >= 4 ? try cursor.fourCC() : nil
            let dataStart = offset + 8
            if let wanted, listType == wanted {
                found.append(Chunk(id: id, listType: listType, dataStart: dataStart, end: dataStart + size))
                break
            }
            guard size <= range.upperBound - dataStart, !isList || size >= 4 else {
                throw MediaError.notMedia(
                    "the AVI's \"\(id)\" chunk at byte \(offset) has size \(size), which does not fit its"
                        + " container; the file is truncated or damaged",
                    reason: "bad-chunk-size")
            }
            found.append(Chunk(id: id, listType: listType, dataStart: dataStart, end: dataStart + size))
            offset = dataStart + size + (size & 1)
        }
        return found
    }

    /// The first `count` bytes of `chunk`'s data.
    private static func payload(_ chunk: Chunk, _ source: some ByteSource, count: Int, what: String) throws
        -> ByteCursor
    {
        guard chunk.end - chunk.dataStart >= Int64(count) else {
            throw MediaError.notMedia("the \(what) is cut short; the file is damaged", reason: "truncated")
        }
        return ByteCursor(
            try source.readExactly(at: chunk.dataStart, count: count, what: what), bigEndian: false, what: what)
    }

    /// What a stream list carries, by its `strh`: video with its handler's codec, or audio with its `strf`'s
    /// format tag's.
    enum Stream {
        case video(String?)
        case audio(String?)
        case other
    }

    /// The kind and codec of a stream list (`strl`): its `strh`'s type and handler (`vids`, `MJPG`), and for
    /// sound the format tag that begins its `strf`.
    private static func stream(_ list: Chunk, _ source: some ByteSource) throws -> Stream {
        let parts = try chunks(source, in: list.dataStart + 4..<list.end, maximum: maximumStreamChunks)
        guard let header = parts.first(where: { $0.id == "strh" }) else { return .other }
        var cursor = try payload(header, source, count: 8, what: "AVI stream header")
        switch try cursor.fourCC() {
        case "vids":
            return .video(CodecName.ofAVIHandler(try cursor.fourCC()))
        case "auds":
            guard let format = parts.first(where: { $0.id == "strf" }), format.end - format.dataStart >= 2 else {
                return .audio(nil)
            }
            var tag = try payload(format, source, count: 2, what: "AVI stream format")
            return .audio(CodecName.ofWaveFormat(try tag.u16()))
        default:
            return .other
        }
    }
}
