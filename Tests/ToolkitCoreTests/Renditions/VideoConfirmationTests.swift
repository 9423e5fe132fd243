import Foundation
import JSONRPC
import Testing
import ToolkitCore
import ToolkitTestSupport
import ToolkitCoreTesting

/// The header readers decide at import; ffprobe, run when the video's browser copy is looked into, confirms
/// what they read, and where it disagrees its facts are recorded and the difference logged, once.
struct VideoConfirmationTests {
    /// ffmpeg writes MP3 into MP4 under the sample entry `mp4a`, which the header reader takes for AAC; ffprobe
    /// reads the stream's object type and says `mp3`.
    @Test func ffprobesCodecIsRecordedWhereTheHeaderReaderGuessedAndTheDifferenceLoggedOnce() async throws {
        let files = try TemporaryDirectory()
        let clip = try await RenditionClip.make(
            "mp3.mp4", video: ["-c:v", "libx264", "-pix_fmt", "yuv420p"], audioCodec: "libmp3lame", in: files)
        let logs = LogCapture()
        let server = try await InProcessServer(logger: logs.logger) { $0.videoTranscode = .auto }
        let client = try await ObjectClient.connect(to: server.socketPath)
        let id = try await VideoRenditionTests.importVideo(clip, client)
        #expect(try await client.object("photos.get", ["id": id])["audioCodec"] as? String == "aac", "as read")

        let answer = try await client.object("photos.rendition", ["id": id, "wait": true])
        #expect(answer["state"] as? String == "original", "H.264 and MP3 in MP4 play as they are: \(answer)")
        let photo = try await client.object("photos.get", ["id": id])
        #expect(photo["audioCodec"] as? String == "mp3", "\(photo)")
        #expect(photo["videoCodec"] as? String == "h264" && photo["width"] as? Int == 128)
        let told = logs.messages.filter { $0.message == "ffprobe corrected what the import read of a video" }
        #expect(told.count == 1, "\(logs.messages)")
        #expect(told.first?.metadata["differences"]?.contains("audioCodec aac → mp3") == true, "\(told)")

        await client.close()
        await server.stop()

        // Started again on the same data, the core probes the video once more: ffprobe now agrees, nothing is told.
        let restarted = try await InProcessServer(directory: server.directory, logger: logs.logger) {
            $0.videoTranscode = .auto
        }
        let second = try await ObjectClient.connect(to: restarted.socketPath)
        let again = try await second.object("photos.rendition", ["id": id, "wait": true])
        #expect(again["state"] as? String == "original", "\(again)")
        #expect(try await second.object("photos.get", ["id": id])["audioCodec"] as? String == "mp3")
        #expect(logs.messages.filter { $0.message == told.first?.message }.count == 1, "\(logs.messages)")
        await second.close()
        await restarted.stop()
    }

    /// Under `never` no copy is made, and ffprobe still confirms the import in the background.
    @Test func underNeverFFprobeStillConfirmsTheImport() async throws {
        let files = try TemporaryDirectory()
        let clip = try await RenditionClip.make(
            "mp3.mp4", video: ["-c:v", "libx264", "-pix_fmt", "yuv420p"], audioCodec: "libmp3lame", in: files)
        let server = try await InProcessServer { $0.videoTranscode = .never }
        let client = try await ObjectClient.connect(to: server.socketPath)
        let id = try await VideoRenditionTests.importVideo(clip, client)
        let deadline = ContinuousClock.now + TestPatience.scaled(.seconds(60))
        var audio = try await client.object("photos.get", ["id": id])["audioCodec"] as? String
        while audio != "mp3", ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(100))
            audio = try await client.object("photos.get", ["id": id])["audioCodec"] as? String
        }
        #expect(audio == "mp3")
        #expect(try await client.object("photos.rendition", ["id": id])["state"] as? String == "disabled")
        await client.close()
        await server.stop()
    }
}
