import ChildProcesses
import FFmpeg
import Foundation
import Testing
import ToolkitTestSupport

/// ffmpeg and ffprobe through the bounded runner, on clips made by ffmpeg's own test source.
struct FFmpegRunTests {
    /// A 1 s 64×48 H.264 MP4 at 10 frames per second, from lavfi.
    private func makeClip(_ ffmpeg: FFmpeg, at path: String, extra: [String] = []) async throws {
        let encoding = ["-t", "1", "-pix_fmt", "yuv420p", "-c:v", "libx264", "-preset", "ultrafast"]
        _ = try await ffmpeg.run(.generated("testsrc=size=64x48:rate=10"), output: encoding + extra + ["-y", path])
    }

    @Test func aClipMadeWithLavfiIsProbed() async throws {
        let scratch = try TemporaryDirectory()
        let ffmpeg = systemFFmpeg()
        let clip = scratch.appending("clip.mp4")
        try await makeClip(ffmpeg, at: clip, extra: ["-metadata", "creation_time=2024-05-06T07:08:09Z"])

        let probe = try await ffmpeg.probe(.file(clip, demuxer: "mp4"))
        #expect(probe.width == 64 && probe.height == 48)
        #expect(probe.rotation == 0)
        #expect(probe.videoCodec == "h264")
        #expect(probe.audioCodec == nil)
        #expect(probe.frameRate == 10)
        #expect(abs((probe.duration ?? 0) - 1) < 0.05, "\(String(describing: probe.duration))")
        #expect(probe.creationTime?.hasPrefix("2024-05-06T07:08:09") == true)
        #expect(try await ffmpeg.version().first?.isNumber == true)
    }

    @Test func aQuarterTurnIsReadAndTheDisplayedSizeSwapped() async throws {
        let scratch = try TemporaryDirectory()
        let ffmpeg = systemFFmpeg()
        try await makeClip(ffmpeg, at: scratch.appending("upright.mp4"))
        _ = try await ffmpeg.run(
            .file(scratch.appending("upright.mp4"), demuxer: "mp4"),
            output: ["-c", "copy", "-metadata:s:v", "rotate=90", "-y", scratch.appending("turned.mov")])

        let probe = try await ffmpeg.probe(.file(scratch.appending("turned.mov"), demuxer: "mov"))
        #expect(probe.rotation == 90 || probe.rotation == 270, "\(probe.rotation)")
        #expect(probe.displayedSize?.width == 48 && probe.displayedSize?.height == 64)
    }

    @Test func aFileThatIsNotOfItsForcedTypeFailsWithFFmpegsReason() async throws {
        let scratch = try TemporaryDirectory()
        let text = try scratch.write("notes.mp4", Array("just some text, renamed\n".utf8))
        let error = await #expect(throws: FFmpegError.self) {
            try await systemFFmpeg().probe(.file(text, demuxer: "mp4"))
        }
        #expect(error?.code == .failed)
        #expect(error?.message.hasPrefix("ffprobe failed (exit status 1): ") == true, "\(String(describing: error))")
    }

    @Test func aRunPastItsDeadlineIsKilledAndSaysSo() async throws {
        let ffmpeg = systemFFmpeg(limits: ProcessLimits(deadline: .seconds(1)))
        let start = ContinuousClock.now
        let error = await #expect(throws: FFmpegError.self) {
            try await ffmpeg.run(
                .generated("testsrc=size=64x48:rate=10", options: ["-re"]), output: ["-t", "600", "-f", "null", "-"])
        }
        #expect(error?.code == .timedOut)
        #expect(error?.message == "ffmpeg took longer than 1.0 seconds and was stopped.")
        // Not a speed claim: a run that was not killed would take the clip's 10 minutes, even on a busy machine.
        #expect(ContinuousClock.now - start < .seconds(300))
    }

    @Test func cancellingARunningOrAWaitingRunStopsIt() async throws {
        let ffmpeg = systemFFmpeg()
        let long = FFmpegInput.generated("testsrc=size=64x48:rate=10", options: ["-re"])
        let running = Task { try await ffmpeg.run(long, output: ["-t", "600", "-f", "null", "-"]) }
        try await Task.sleep(for: .milliseconds(300))
        // One run at a time: this one waits for the slot.
        let waiting = Task { try await ffmpeg.run(long, output: ["-t", "600", "-f", "null", "-"]) }
        let start = ContinuousClock.now
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        running.cancel()
        await #expect(throws: CancellationError.self) { try await running.value }
        // Not a speed claim: a run that was not killed would take the clip's 10 minutes, even on a busy machine.
        #expect(ContinuousClock.now - start < .seconds(300))
        _ = try await ffmpeg.run(.generated("testsrc=size=64x48:rate=10"), output: ["-t", "0.1", "-f", "null", "-"])
    }

    @Test func aChattyRunKeepsOnlyTheEndOfItsStderr() async throws {
        let ffmpeg = systemFFmpeg()
        let output = try await ffmpeg.run(
            .generated("testsrc=size=64x48:rate=10"),
            output: ["-loglevel", "debug", "-t", "2", "-f", "null", "-"],
            limits: ProcessLimits(stderrTailBytes: 4096))
        #expect(output.stderrTail.count == 4096)
        #expect(output.stderrDropped > 0)
    }

    @Test func aMissingConfiguredFFmpegGivesTheOneClearError() async throws {
        let ffmpeg = FFmpeg(configuredPath: "/nonexistent/ffmpeg", searchPath: "/usr/bin:/bin")
        let error = await #expect(throws: FFmpegError.self) {
            try await ffmpeg.run(.generated("testsrc"), output: ["-f", "null", "-"])
        }
        #expect(error?.code == .notInstalled)
        #expect(
            error?.message
                == "ffmpeg is not found at /nonexistent/ffmpeg (the config's ffmpegPath); video posters and "
                + "transcodes need it")
        #expect(throws: FFmpegError.self) { try ffmpeg.installation() }
    }

    @Test func noFFmpegOnThePathGivesTheOneClearError() async throws {
        let empty = try TemporaryDirectory()
        let ffmpeg = FFmpeg(configuredPath: nil, searchPath: empty.path)
        let error = await #expect(throws: FFmpegError.self) {
            try await ffmpeg.probe(.file("/dev/null", demuxer: "mp4"))
        }
        #expect(
            error?.message
                == "ffmpeg is not installed or not found (set ffmpegPath); video posters and transcodes need it")
    }

    @Test func ffprobeIsFoundBesideFFmpeg() throws {
        let installation = try FFmpegInstallation.locate(configuredPath: "/usr/bin/ffmpeg", searchPath: "")
        #expect(installation.ffmpegPath == "/usr/bin/ffmpeg")
        #expect(installation.ffprobePath == "/usr/bin/ffprobe")
    }
}
