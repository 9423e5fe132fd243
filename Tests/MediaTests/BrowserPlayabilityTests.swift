import ChildProcesses
import FFmpeg
import Foundation
import Testing

@testable import Media
import ToolkitTestSupport

/// Which videos a browser plays as they are, which need only a new container, and which a new encoding; and
/// the copy's encoder threads, bounded for the runs' address-space limit.
@Suite struct BrowserPlayabilityTests {
    /// A probe of one video stream of `video` and, unless nil, one audio stream of `audio`.
    private func probe(_ video: String, _ audio: String?) throws -> VideoProbe {
        let audioStream = audio.map { #",{"codec_type":"audio","codec_name":"\#($0)"}"# } ?? ""
        let json =
            #"{"streams":[{"codec_type":"video","codec_name":"\#(video)","width":64,"height":48}"#
            + audioStream + #"],"format":{"duration":"1.0"}}"#
        return try VideoProbe(json: Array(json.utf8))
    }

    @Test(arguments: [
        (MediaType.mp4, "h264", "aac"), (MediaType.mp4, "h264", nil), (MediaType.mp4, "vp9", "opus"),
        (MediaType.mp4, "av1", "mp3"), (MediaType.webm, "vp8", "vorbis"), (MediaType.webm, "vp9", "opus"),
        (MediaType.webm, "av1", nil),
    ])
    func thesePlayAsTheyAre(mediaType: String, video: String, audio: String?) throws {
        #expect(BrowserPlayability.of(try probe(video, audio), mediaType: mediaType) == .playable)
    }

    @Test(arguments: [
        (MediaType.quickTime, "h264", "aac"), (MediaType.matroska, "h264", nil), (MediaType.avi, "h264", "aac"),
    ])
    func h264WithAACInAnotherContainerIsRemuxed(mediaType: String, video: String, audio: String?) throws {
        #expect(BrowserPlayability.of(try probe(video, audio), mediaType: mediaType) == .remux)
    }

    @Test(arguments: [
        (MediaType.quickTime, "hevc", "aac"), (MediaType.mp4, "hevc", "aac"), (MediaType.quickTime, "prores", nil),
        (MediaType.avi, "mpeg4", "mp3"), (MediaType.avi, "mjpeg", nil), (MediaType.mp4, "h264", "pcm_s16le"),
        (MediaType.webm, "vp9", "aac"), (MediaType.matroska, "h264", "ac3"),
    ])
    func theRestIsTranscoded(mediaType: String, video: String, audio: String?) throws {
        #expect(BrowserPlayability.of(try probe(video, audio), mediaType: mediaType) == .transcode)
    }

    /// Browsers decode 8-bit 4:2:0 H.264 only: High 4:4:4 (ffmpeg's own choice for an RGB source), High 10
    /// and 4:2:2 get a new encoding even in MP4, told by the pixel format or, without one, the profile.
    @Test(arguments: [
        (String?("yuv444p"), "High 4:4:4 Predictive", BrowserPlayability.transcode),
        ("yuv420p10le", "High 10", .transcode),
        ("yuv422p", "High 4:2:2", .transcode), (nil, "High 4:4:4 Predictive", .transcode), (nil, "High 10", .transcode),
        ("yuv420p", "High", .playable), ("yuvj420p", "Main", .playable), (nil, "Constrained Baseline", .playable),
    ])
    func h264BrowsersDoNotDecodeIsTranscoded(pixelFormat: String?, profile: String, expected: BrowserPlayability)
        throws
    {
        let format = pixelFormat.map { #","pix_fmt":"\#($0)""# } ?? ""
        let json =
            #"{"streams":[{"codec_type":"video","codec_name":"h264","profile":"\#(profile)""# + format
            + #","width":64,"height":48}],"format":{"duration":"1.0"}}"#
        let probe = try VideoProbe(json: Array(json.utf8))
        #expect(probe.videoProfile == profile && probe.pixelFormat == pixelFormat)
        #expect(BrowserPlayability.of(probe, mediaType: MediaType.mp4) == expected)
        #expect(
            BrowserPlayability.of(probe, mediaType: MediaType.matroska) == (expected == .playable ? .remux : .transcode)
        )
    }

    /// What ffprobe says of a real clip libx264 encodes from an RGB pattern without `-pix_fmt`: High 4:4:4.
    @Test func aHigh444ClipIsTranscoded() async throws {
        let directory = try TemporaryDirectory()
        let path = try await TestClip.make("rgb.mp4", codec: "libx264", in: directory)
        let maker = VideoRenditionMaker(
            ffmpeg: FFmpeg(configuredPath: nil, searchPath: ProcessInfo.processInfo.environment["PATH"]))
        let (probe, way) = try await maker.examine(fileAt: path, mediaType: MediaType.mp4)
        #expect(probe.videoProfile == "High 4:4:4 Predictive" && probe.pixelFormat == "yuv444p", "\(probe)")
        #expect(way == .transcode)
        let plain = try TestClip.make("plain.mp4", codec: "libx264", pixelFormat: "yuv420p", in: directory)
        let (_, plainWay) = try await maker.examine(fileAt: plain, mediaType: MediaType.mp4)
        #expect(plainWay == .playable)
    }

    @Test func aTranscodeUsesAtMostFourThreadsAndTheDeadlineGrowsWithTheDuration() throws {
        #expect((1...4).contains(VideoRenditionMaker.threads(runs: 1)))
        #expect(VideoRenditionMaker.threads(runs: 64) == 1)
        let maker = VideoRenditionMaker(
            ffmpeg: FFmpeg(configuredPath: nil, searchPath: ProcessInfo.processInfo.environment["PATH"]))
        let short = maker.limits(for: try probe("hevc", nil), way: .transcode)
        var long = try probe("hevc", nil)
        long.duration = 3600
        #expect(maker.limits(for: long, way: .transcode).deadline > short.deadline)
        #expect(short.memoryBytes == 2 << 30)
        #expect(maker.limits(for: try probe("h264", nil), way: .remux).memoryBytes == 1 << 30)
    }

    @Test func theProgressFileIsReadFromItsEnd() throws {
        let directory = try TemporaryDirectory()
        let lines = (0..<500).map { "frame=\($0)\nout_time_us=\($0 * 1000)\nprogress=continue\n" }.joined()
        let file = try directory.write("p.progress", Array(lines.utf8))
        #expect(VideoRenditionMaker.lastOutTime(in: file) == 499_000)
        #expect(VideoRenditionMaker.lastOutTime(in: directory.appending("none")) == nil)
    }
}
