import Foundation
import JSONRPC
import Testing
import ToolkitCore
import ToolkitTestSupport
import ToolkitCoreTesting

/// A browser copy made in the background takes none of the slots posters and probes wait for: with one ffmpeg
/// run allowed, a video's poster is made while another video is being transcoded.
struct RenditionSlotTests {
    @Test func aPosterIsMadeWhileATranscodeRunsWithOneRunAllowed() async throws {
        // ffmpeg reads in real time (`-re`), so the 30 s clip's copy outlasts the poster however slow the build.
        let files = try TemporaryDirectory()
        let ffmpeg = try RenditionInterruptionTests.realTimeFFmpeg(in: files)
        let server = try await InProcessServer {
            $0.videoTranscode = .auto
            $0.limits.ffmpegRuns = 1
            $0.ffmpegPath = ffmpeg
        }
        let client = try await ObjectClient.connect(to: server.socketPath)
        let long = try await VideoRenditionTests.importVideo(try await RenditionClip.longAVI(in: files), client)
        let short = try await VideoRenditionTests.importVideo(
            try await RenditionClip.make(
                "nap.mp4", video: ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-threads", "1"], in: files),
            client)
        _ = try await VideoRenditionTests.state(of: long, becoming: ["running"], client)

        let poster = try await client.object("photos.thumbnail", ["id": short, "size": 64])
        #expect(poster["mediaType"] as? String == "image/jpeg")
        let meanwhile = try await client.object("photos.rendition", ["id": long])
        #expect(meanwhile["state"] as? String == "running", "the poster did not wait for the copy: \(meanwhile)")
        await client.close()
        await server.stop()
    }
}
