import ChildProcesses
import FFmpeg
import Foundation
import Testing
import ToolkitTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Clips made to hurt. A playlist posing as a video names a URL and a local clip: read as the type it was sniffed
/// as, with only the `file` protocol, ffmpeg opens neither. The URL is served on 127.0.0.1 by the test, which sees
/// no request; ffprobe left to guess the type reads the other clip. A header claiming frames of 100,000 × 100,000
/// pixels is refused by ffmpeg's own size check before anything is allocated.
struct HostileInputTests {
    /// The poster's filter, which keeps 50 frames to pick the most representative.
    static let posterFilter = ["-an", "-vf", "thumbnail=50", "-frames:v", "1", "-f", "null", "-"]

    @Test func aStreamClaimingFramesOf100000PixelsSquareIsRefusedWithFFmpegsReason() async throws {
        let scratch = try TemporaryDirectory()
        let clip = try HostileClip.claimingFrameSize(
            width: 100_000, height: 100_000, mainHeaderToo: false, name: "huge.avi", in: scratch)
        let error = await #expect(throws: FFmpegError.self) {
            try await systemFFmpeg(limits: ProcessLimits(deadline: .seconds(60)))
                .run(.file(clip, demuxer: "avi"), output: Self.posterFilter)
        }
        #expect(error?.code == .failed)
        // The cause first (ffmpeg's last line, "Conversion failed!", does not say it).
        #expect(
            error?.message.hasPrefix("ffmpeg failed (exit status 1): Picture size 100000x100000 is invalid") == true,
            "\(String(describing: error))")
    }

    /// 20 frames of 4000 × 4000 pixels kept by the thumbnail filter (480 MiB) do not fit beside ffmpeg's own
    /// libraries in 512 MiB: the allocations past the limit fail and the run ends. ffmpeg may still pick a frame
    /// among those it could keep and end well; when it fails instead, the error says it ran out of memory.
    @Test func aRunPastItsMemoryLimitHasItsAllocationsRefused() async throws {
        let scratch = try TemporaryDirectory()
        let clip = try TestClip.make(
            "large.avi", codec: "mjpeg", width: 4000, height: 4000, rate: 10, seconds: 2, pattern: "color",
            in: scratch)
        let ffmpeg = systemFFmpeg(limits: ProcessLimits(memoryBytes: 512 << 20))
        do {
            let output = try await ffmpeg.run(.file(clip, demuxer: "avi"), output: Self.posterFilter)
            #expect(output.stderrText.contains("get_buffer() failed"), "\(output.stderrText)")
        } catch let error as FFmpegError {
            #expect(error.stderrTail.contains("get_buffer() failed"), "\(error.stderrTail)")
            #expect(error.message.hasSuffix("(out of memory: a run may use 512 MiB)"), "\(error.message)")
        }
    }

    @Test func aPlaylistPosingAsAVideoOpensNoURLAndNoOtherFile() async throws {
        let server = try ListeningSocket()
        let scratch = try TemporaryDirectory()
        let secret = scratch.appending("secret.mp4")
        let ffmpeg = systemFFmpeg(limits: ProcessLimits(deadline: .seconds(20)))
        _ = try await ffmpeg.run(
            .generated("testsrc=size=64x48:rate=10"), output: ["-t", "1", "-pix_fmt", "yuv420p", "-y", secret])
        let playlist = try scratch.write(
            "clip.mp4",
            Array(
                """
                #EXTM3U
                #EXT-X-TARGETDURATION:1
                #EXTINF:1,
                http://127.0.0.1:\(server.port)/segment.ts
                #EXTINF:1,
                \(secret)
                #EXT-X-ENDLIST

                """.utf8))

        for demuxer in ["mp4", "matroska"] {
            let error = await #expect(throws: FFmpegError.self) {
                try await ffmpeg.probe(.file(playlist, demuxer: demuxer))
            }
            #expect(error?.code == .failed, "\(demuxer): \(String(describing: error))")
            await #expect(throws: FFmpegError.self) {
                try await ffmpeg.run(.file(playlist, demuxer: demuxer), output: ["-f", "null", "-"])
            }
        }
        #expect(!server.wasConnected, "ffmpeg asked for the playlist's URL")

        // The same file given to ffprobe to guess: it is read as HLS and the other clip is opened.
        let guessed = try await LimitedProcess.run(
            try ffmpeg.installation().ffprobePath ?? "/usr/bin/ffprobe",
            ["-v", "error", "-print_format", "json", "-show_streams", playlist],
            limits: ProcessLimits(deadline: .seconds(20)))
        #expect(String(decoding: guessed.stdout, as: UTF8.self).contains(#""width": 64"#))
    }
}

/// A TCP socket listening on 127.0.0.1 that accepts nobody: a connection attempt stays pending in its backlog.
private final class ListeningSocket {
    let descriptor: Int32
    let port: UInt16

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        self.descriptor = descriptor
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(descriptor, address, length) == 0 && listen(descriptor, 8) == 0
                    && getsockname(descriptor, address, &length) == 0
            }
        }
        guard descriptor >= 0, bound else { throw TestFailure("cannot listen on 127.0.0.1") }
        port = UInt16(bigEndian: address.sin_port)
    }

    deinit { close(descriptor) }

    /// Whether a connection waits to be accepted.
    var wasConnected: Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) > 0
    }
}
