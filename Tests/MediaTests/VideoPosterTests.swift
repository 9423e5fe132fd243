import ChildProcesses
import FFmpeg
import Foundation
import Testing

@testable import Media
import ToolkitTestSupport

/// A video's thumbnail is its poster: a frame ffmpeg picks, upright, made a JPEG thumbnail as a photo is.
@Suite struct VideoPosterTests {
    private let ffmpeg = FFmpeg(configuredPath: nil, searchPath: ProcessInfo.processInfo.environment["PATH"])

    @Test(arguments: [
        ("clip.mp4", "libx264", MediaType.mp4), ("clip.webm", "libvpx-vp9", MediaType.webm),
        ("clip.mkv", "libx264", MediaType.matroska), ("clip.avi", "mjpeg", MediaType.avi),
    ])
    func aVideosThumbnailIsAJPEGPosterOfItsSize(name: String, codec: String, mediaType: String) async throws {
        let directory = try TemporaryDirectory()
        let clip = try await TestClip.make(name, codec: codec, width: 64, height: 48, seconds: 2, in: directory)
        let poster = try await Thumbnailer(ffmpeg: ffmpeg).thumbnail(ofFileAt: clip, size: 64, mediaType: mediaType)
        let info = try MediaInspector().inspect(bytes: poster)
        #expect(info.mediaType == MediaType.jpeg)
        #expect(info.width == 64 && info.height == 48)
        // The size asked for is the longest side, as for a photo.
        let small = try await Thumbnailer(ffmpeg: ffmpeg).thumbnail(ofFileAt: clip, size: 32, mediaType: mediaType)
        let smallInfo = try MediaInspector().inspect(bytes: small)
        #expect(smallInfo.width == 32 && smallInfo.height == 24)
    }

    /// ffmpeg's scale filter would blow a 1 × 1 frame up to 2048 × 2048; a photo's thumbnail is never enlarged,
    /// and neither is a poster.
    @Test func aTinyClipsPosterKeepsItsSize() async throws {
        let directory = try TemporaryDirectory()
        let clip = try await TestClip.make(
            "dot.mp4", codec: "libx264", width: 1, height: 1, rate: 1, seconds: 5, in: directory)
        let poster = try await Thumbnailer(ffmpeg: ffmpeg).thumbnail(
            ofFileAt: clip, size: 320, mediaType: MediaType.mp4)
        let info = try MediaInspector().inspect(bytes: poster)
        #expect(info.width == 1 && info.height == 1)
    }

    /// The `thumbnail` filter keeps 50 frames: 20 of 4000 × 4000 pixels took 480 MiB, past a run's limit of 512
    /// with ffmpeg's own libraries, and a 4K phone clip's did not fit in the default 1 GiB. Scaled first, they do.
    @Test func aLargeClipsPosterFitsInTheRunsMemoryLimit() async throws {
        let directory = try TemporaryDirectory()
        let clip = try TestClip.make(
            "large.avi", codec: "mjpeg", width: 4000, height: 4000, rate: 10, seconds: 2, pattern: "color",
            in: directory)
        let limited = FFmpeg(
            configuredPath: nil, searchPath: ProcessInfo.processInfo.environment["PATH"],
            limits: ProcessLimits(memoryBytes: 512 << 20))
        let poster = try await Thumbnailer(ffmpeg: limited).thumbnail(
            ofFileAt: clip, size: 320, mediaType: MediaType.avi)
        let info = try MediaInspector().inspect(bytes: poster)
        #expect(info.width == 320 && info.height == 320)
    }

    @Test func aPhoneClipRecordedTurnedHasAnUprightPoster() async throws {
        let directory = try TemporaryDirectory()
        let clip = try await TestClip.make(
            "flat.mp4", codec: "libx264", width: 64, height: 48, seconds: 1, in: directory)
        let turned = directory.appending("turned.mp4")
        let remux = try await Command.run(
            "/usr/bin/env",
            [
                "ffmpeg", "-nostdin", "-v", "error", "-y", "-i", clip, "-c", "copy", "-metadata:s:v:0", "rotate=90",
                turned,
            ])
        #expect(remux.status == 0, "\(remux.stderr)")
        let poster = try await Thumbnailer(ffmpeg: ffmpeg).thumbnail(
            ofFileAt: turned, size: 64, mediaType: MediaType.mp4)
        let info = try MediaInspector().inspect(bytes: poster)
        #expect(info.width == 48 && info.height == 64)
    }

    /// A clip whose first three seconds are black: the 50 frames ffmpeg's `thumbnail` filter saw were those, and
    /// the poster was black. Spread over the clip's length, the candidates are mostly of the picture.
    @Test func aClipWhoseFirstSecondsAreDarkGetsAPosterOfThePicture() async throws {
        let directory = try TemporaryDirectory()
        let clip = try TestClip.darkStart("pocket.mp4", in: directory)
        let duration = try #require(try MediaInspector().inspectNow(fileAt: clip).durationSeconds)
        let poster = try await Thumbnailer(ffmpeg: ffmpeg).thumbnail(
            ofFileAt: clip, size: 64, mediaType: MediaType.mp4, durationSeconds: duration)
        let luma = try await PictureBrightness.averageLuma(ofImageAt: try directory.write("poster.jpg", poster))
        #expect(luma > 60, "not black: \(luma)")
        // Without the length, the first frames are all there is to choose from.
        let blind = try await Thumbnailer(ffmpeg: ffmpeg).thumbnail(ofFileAt: clip, size: 64, mediaType: MediaType.mp4)
        #expect(try await PictureBrightness.averageLuma(ofImageAt: try directory.write("blind.jpg", blind)) < 20)
    }

    /// How the candidates are chosen: a step of a twentieth of the clip, keyframes only from two minutes on.
    @Test func posterCandidatesAreSpreadOverTheClip() {
        #expect(PosterSampling(durationSeconds: nil) == PosterSampling(durationSeconds: 0))
        #expect(PosterSampling(durationSeconds: nil).selection.isEmpty)
        let short = PosterSampling(durationSeconds: 8)
        #expect(short.candidates == 20 && short.step == 0.4 && short.inputOptions.isEmpty)
        #expect(short.selection == "select='isnan(prev_selected_t)+gte(t-prev_selected_t,0.4)',")
        #expect(PosterSampling(durationSeconds: 3_600).inputOptions == ["-skip_frame", "nokey"])
    }

    @Test func aMovieWithNoVideoStreamHasNoPosterAndTheErrorSaysWhy() async throws {
        let directory = try TemporaryDirectory()
        let path = try await TestClip.make(
            "voice.mp4", arguments: ["-f", "lavfi", "-i", "sine", "-t", "1", "-c:a", "aac"], in: directory)
        let error = try await #require(throws: MediaError.self) {
            try await Thumbnailer(ffmpeg: ffmpeg).thumbnail(ofFileAt: path, size: 64, mediaType: MediaType.mp4)
        }
        #expect(error.code == .notMedia)
        #expect(error.message.contains("ffmpeg could not take a poster frame"), "\(error.message)")
    }

    @Test func aFileThatIsNoVideoIsRefusedWithFFmpegsReason() async throws {
        let directory = try TemporaryDirectory()
        let text = try directory.write("notes.mp4", Array("not a video at all\n".utf8))
        let error = try await #require(throws: MediaError.self) {
            try await Thumbnailer(ffmpeg: ffmpeg).thumbnail(ofFileAt: text, size: 64, mediaType: MediaType.mp4)
        }
        #expect(error.code == .notMedia)
        #expect(error.message.contains("ffmpeg could not take a poster frame"), "\(error.message)")
    }

    @Test func withoutFFmpegAVideoHasNoThumbnailAndTheErrorSaysWhy() async throws {
        let directory = try TemporaryDirectory()
        let clip = try await TestClip.make("clip.mp4", codec: "libx264", seconds: 1, in: directory)
        let missing = FFmpeg(configuredPath: "/nonexistent/ffmpeg", searchPath: nil)
        let error = try await #require(throws: MediaError.self) {
            try await Thumbnailer(ffmpeg: missing).thumbnail(ofFileAt: clip, size: 64, mediaType: MediaType.mp4)
        }
        #expect(error.code == .thumbnailUnsupported)
        #expect(error.message.contains("thumbnails of videos need ffmpeg"), "\(error.message)")
        #expect(error.message.contains("ffmpegPath"), "\(error.message)")
    }
}
