import Foundation
import Testing

@testable import Media
import ToolkitTestSupport

/// WebM, Matroska and AVI are read by hand from their headers: clips ffmpeg makes are read right, and headers
/// that are cut short or lie are refused with a reason, never a crash.
@Suite struct VideoContainerTests {
    /// An ffmpeg encoder, the container it writes into, and what the inspector should find.
    static let clips: [(name: String, encoder: String, mediaType: String, codec: String)] = [
        ("clip.webm", "libvpx-vp9", "video/webm", "vp9"),
        ("clip.mkv", "libx264", "video/x-matroska", "h264"),
        ("clip.avi", "mjpeg", "video/x-msvideo", "mjpeg"),
    ]

    @Test(arguments: clips)
    func aClipFFmpegMadeIsReadFromItsHeaders(name: String, encoder: String, mediaType: String, codec: String)
        throws
    {
        let directory = try TemporaryDirectory()
        let path = try TestClip.make(name, codec: encoder, width: 80, height: 44, rate: 10, seconds: 1.5, in: directory)
        let bytes = try directory.read(path)
        #expect(try MediaInspector.mediaType(ofPrefix: Array(bytes.prefix(64))) == mediaType)
        let info = try MediaInspector().inspectNow(fileAt: path)
        #expect(info.mediaType == mediaType)
        #expect(info.width == 80 && info.height == 44, "\(info)")
        let duration = try #require(info.durationSeconds)
        #expect(abs(duration - 1.5) <= 0.1, "within a frame: \(duration)")
        #expect(info.videoCodec == codec)
        #expect(info.audioCodec == nil, "a silent clip")
        #expect(info.frameRate == 10)
        #expect(MediaType.isVideo(info.mediaType))
        #expect(MediaType.fileExtension(of: mediaType) == String(name.split(separator: ".").last!))
    }

    /// Every prefix of a finished clip is refused as not media, without crashing: its Segment or RIFF chunk
    /// says how long the file is, so a copy cut anywhere is known to be truncated.
    @Test(arguments: clips)
    func everyCutOfAClipIsRefused(name: String, encoder: String, mediaType: String, codec: String) throws {
        let directory = try TemporaryDirectory()
        let bytes = try directory.read(try TestClip.make(name, codec: encoder, in: directory))
        let cuts = Array(0..<min(bytes.count, 1_024)) + Array(stride(from: 1_024, to: bytes.count, by: 61))
        for cut in cuts {
            let error = try #require(throws: MediaError.self, "cut at \(cut)") {
                try MediaInspector().inspect(bytes: Array(bytes.prefix(cut)))
            }
            #expect(error.code == .notMedia, "cut at \(cut): \(error)")
        }
        let half = try #require(throws: MediaError.self) {
            try MediaInspector().inspect(bytes: Array(bytes.prefix(bytes.count / 2)))
        }
        #expect(half.reason == "truncated", "\(half)")
        #expect(half.message.hasSuffix("runs past the end of the content; is the file truncated?"), "\(half)")
    }

    /// A live recording leaves the Segment's and Clusters' sizes unknown; the last cluster may be cut short.
    @Test func aRecordingOfUnknownSizeIsAVideo() throws {
        let track = EBMLBuilder.videoTrack(EBMLBuilder.pixels(1_280, 720))
        let live = EBMLBuilder.file(
            tracks: track, clusters: EBMLBuilder.element(0x1F43_B675, [0xE7, 0x81, 0x00], declaredSize: .some(nil)),
            segmentSize: .some(nil))
        let info = try MediaInspector().inspect(bytes: live)
        #expect(info.width == 1_280 && info.height == 720)
        #expect(info.durationSeconds == 2.5)
        var cutCluster = EBMLBuilder.file(
            tracks: track, clusters: EBMLBuilder.element(0x1F43_B675, [UInt8](repeating: 0xA3, count: 64)),
            segmentSize: .some(nil))
        cutCluster.removeLast(32)
        #expect(try MediaInspector().inspect(bytes: cutCluster).width == 1_280)
    }

    /// The display size, when given in pixels, is the size shown, as an MP4's track header gives it.
    @Test func theDisplaySizeInPixelsIsTheSizeShown() throws {
        let anamorphic =
            EBMLBuilder.pixels(720, 576) + EBMLBuilder.unsigned(0x54B0, 1_024)
            + EBMLBuilder.unsigned(0x54BA, 576)
        let info = try MediaInspector().inspect(bytes: EBMLBuilder.file(tracks: EBMLBuilder.videoTrack(anamorphic)))
        #expect(info.width == 1_024 && info.height == 576)
        let inCentimetres = anamorphic + EBMLBuilder.unsigned(0x54B2, 1)
        let stored = try MediaInspector().inspect(
            bytes: EBMLBuilder.file(tracks: EBMLBuilder.videoTrack(inCentimetres)))
        #expect(stored.width == 720 && stored.height == 576)
    }

    static let track = EBMLBuilder.videoTrack(EBMLBuilder.pixels(640, 480))

    static let hostileMatroska: [(String, [UInt8], String)] = [
        (
            "100,000 pixels wide", EBMLBuilder.file(tracks: EBMLBuilder.videoTrack(EBMLBuilder.pixels(100_000, 480))),
            "bad-dimensions"
        ),
        (
            "0 pixels high", EBMLBuilder.file(tracks: EBMLBuilder.videoTrack(EBMLBuilder.pixels(640, 0))),
            "bad-dimensions"
        ),
        ("no pixel size", EBMLBuilder.file(tracks: EBMLBuilder.videoTrack([])), "bad-dimensions"),
        ("a NaN duration", EBMLBuilder.file(info: EBMLBuilder.info(duration: .nan), tracks: track), "bad-duration"),
        ("a negative duration", EBMLBuilder.file(info: EBMLBuilder.info(duration: -1), tracks: track), "bad-duration"),
        (
            "a duration of 1e300", EBMLBuilder.file(info: EBMLBuilder.info(duration: 1e300), tracks: track),
            "bad-duration"
        ),
        ("a timestamp scale of 0", EBMLBuilder.file(info: EBMLBuilder.info(scale: 0), tracks: track), "bad-duration"),
        ("no cluster", EBMLBuilder.file(tracks: track, clusters: []), "no-image-data"),
        (
            "an empty cluster", EBMLBuilder.file(tracks: track, clusters: EBMLBuilder.element(0x1F43_B675, [])),
            "no-image-data"
        ),
        ("a Segment past the end", EBMLBuilder.file(tracks: track, segmentSize: .some(1 << 40)), "truncated"),
        (
            "a Segment of 2^56 - 2 bytes", EBMLBuilder.file(tracks: track, segmentSize: .some((1 << 56) - 2)),
            "truncated"
        ),
        (
            "Tracks of unknown size",
            EBMLBuilder.header()
                + EBMLBuilder.element(
                    0x1853_8067, EBMLBuilder.element(0x1654_AE6B, track, declaredSize: .some(nil))),
            "bad-element-size"
        ),
        (
            "a TrackEntry larger than its Tracks",
            EBMLBuilder.file(tracks: EBMLBuilder.element(0xAE, [0x83, 0x81, 0x01], declaredSize: 300))
                + [UInt8](repeating: 0, count: 400),
            "bad-element-size"
        ),
        ("an ID of 5 bytes", EBMLBuilder.file(tracks: [0x08, 0x01, 0x02, 0x03, 0x04, 0x81, 0x00]), "bad-element-id"),
        ("a size of 9 bytes", EBMLBuilder.file(tracks: [0xAE, 0x00, 0x01]), "bad-element-size"),
        (
            "a 9-byte integer",
            EBMLBuilder.file(
                tracks: EBMLBuilder.videoTrack(EBMLBuilder.element(0xB0, [UInt8](repeating: 1, count: 9)))),
            "bad-header"
        ),
        (
            "a 3-byte float",
            EBMLBuilder.file(
                info: EBMLBuilder.element(0x1549_A966, EBMLBuilder.element(0x4489, [1, 2, 3])), tracks: track),
            "bad-header"
        ),
        ("no Segment", EBMLBuilder.header() + EBMLBuilder.element(0xEC, [0, 0, 0]), "no-segment"),
        (
            "a DocType that is no video's", EBMLBuilder.file(header: EBMLBuilder.header(docType: "pcm"), tracks: track),
            "unsupported-doctype"
        ),
    ]

    @Test(arguments: hostileMatroska)
    func aMatroskaHeaderThatLiesIsRefused(label: String, bytes: [UInt8], reason: String) throws {
        let error = try #require(throws: MediaError.self, "\(label)") { try MediaInspector().inspect(bytes: bytes) }
        #expect(error.code == .notMedia, "\(label)")
        #expect(error.reason == reason, "\(label): \(error)")
    }

    static let avih = RIFFBuilder.avih(width: 320, height: 240)

    @Test func anAVIsMainHeaderGivesSizeAndDurationAndOpenDMLTheFramesOfEveryPart() throws {
        let plain = RIFFBuilder.file(
            header: Self.avih + RIFFBuilder.stream("auds", handler: "\0\0\0\0")
                + RIFFBuilder.stream("vids", handler: "H264"))
        let info = try MediaInspector().inspect(bytes: plain)
        #expect(info.mediaType == MediaType.avi)
        #expect(info.width == 320 && info.height == 240)
        #expect(info.durationSeconds == 2)
        #expect(info.videoCodec == "h264")
        let openDML = RIFFBuilder.file(
            header: Self.avih + RIFFBuilder.list("odml", RIFFBuilder.chunk("dmlh", RIFFBuilder.le32(90_000))))
        #expect(try MediaInspector().inspect(bytes: openDML).durationSeconds == 3_600)
    }

    static let hostileAVIs: [(String, [UInt8], String)] = [
        (
            "100,000 pixels wide", RIFFBuilder.file(header: RIFFBuilder.avih(width: 100_000, height: 10)),
            "bad-dimensions"
        ),
        (
            "4 billion frames of 71 minutes",
            RIFFBuilder.file(header: RIFFBuilder.avih(microsecondsPerFrame: .max, frames: .max, width: 8, height: 8)),
            "bad-duration"
        ),
        ("no movi", RIFFBuilder.file(header: avih, movie: []), "no-image-data"),
        ("an empty movi", RIFFBuilder.file(header: avih, movie: RIFFBuilder.list("movi", [])), "no-image-data"),
        ("no avih", RIFFBuilder.file(header: RIFFBuilder.stream("vids", handler: "MJPG")), "no-header"),
        ("a short avih", RIFFBuilder.file(header: RIFFBuilder.chunk("avih", [1, 2, 3, 4])), "truncated"),
        ("a RIFF past the end", RIFFBuilder.file(header: avih, riffSize: 1 << 30), "truncated"),
        ("a RIFF of 2 bytes", RIFFBuilder.file(header: avih, riffSize: 2), "bad-chunk-size"),
        (
            "a chunk larger than its list",
            RIFFBuilder.file(header: avih + RIFFBuilder.chunk("JUNK", [], declaredSize: 5_000))
                + [UInt8](repeating: 0, count: 6_000),
            "bad-chunk-size"
        ),
        ("a list of 2 bytes", RIFFBuilder.file(header: RIFFBuilder.chunk("LIST", [0x73, 0x74])), "bad-chunk-size"),
    ]

    @Test(arguments: hostileAVIs)
    func anAVIHeaderThatLiesIsRefused(label: String, bytes: [UInt8], reason: String) throws {
        let error = try #require(throws: MediaError.self, "\(label)") { try MediaInspector().inspect(bytes: bytes) }
        #expect(error.code == .notMedia, "\(label)")
        #expect(error.reason == reason, "\(label): \(error)")
    }
}
