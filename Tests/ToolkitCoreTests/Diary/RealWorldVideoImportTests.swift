import Foundation
import JSONRPC
import Testing
import ToolkitCore
import ToolkitTestSupport
import ToolkitCoreTesting

/// Classes of real-world clip, over the socket, as a user meets them: an MP4 of sound only is refused with what it
/// is; a clip whose first seconds are dark gets a poster of its picture; H.264 in High 4:4:4, which no browser
/// decodes, gets a browser copy.
struct RealWorldVideoImportTests {
    @Test func anMP4OfSoundOnlyIsRefusedSayingWhatItIsAndNothingIsStored() async throws {
        try await withCore(.socket) { core in
            let client = try await core.client()
            let files = try TemporaryDirectory()
            let voice = try await TestClip.make(
                "voice.mp4", arguments: ["-f", "lavfi", "-i", "sine", "-t", "1", "-c:a", "aac"], in: files)
            let albumId = try #require(try await client.object("albums.create", ["title": "Walks"])["id"] as? String)

            let error = await client.error("photos.import", ["albumId": albumId, "path": voice])
            #expect(error?.code == .invalidParams)
            let data = ObjectClient.data(of: error)
            #expect(data["reason"] as? String == "no-video" && data["field"] as? String == "path", "\(data)")
            let message = try #require(error?.message)
            #expect(message.contains("holds only sound (aac), no video"), "\(message)")
            #expect(try await client.items("photos.list", ["albumId": albumId]).isEmpty)
            await client.close()
        }
    }

    @Test func aClipWhoseFirstSecondsAreDarkGetsAPosterOfItsPicture() async throws {
        try await withCore(.socket) { core in
            let client = try await core.client()
            let files = try TemporaryDirectory()
            let clip = try TestClip.darkStart("pocket.mp4", in: files)
            let albumId = try #require(try await client.object("albums.create", ["title": "Walks"])["id"] as? String)
            let video = try await client.object("photos.import", ["albumId": albumId, "path": clip])
            let id = try #require(video["id"] as? String)

            let poster = try await client.object("photos.thumbnail", ["id": id, "size": 64])
            let base64 = try #require(poster["data"] as? String)
            let bytes = try #require(Data(base64Encoded: base64))
            let luma = try await PictureBrightness.averageLuma(ofImageAt: try files.write("poster.jpg", [UInt8](bytes)))
            #expect(luma > 60, "the picture, not the dark start: \(luma)")
            await client.close()
        }
    }

    /// libx264 keeps an RGB source's colour as High 4:4:4 Predictive unless told `-pix_fmt yuv420p`; such an MP4
    /// used to count as playable as it is.
    @Test func aHigh444MP4GetsABrowserCopyIn420() async throws {
        let server = try await InProcessServer()
        let client = try await ObjectClient.connect(to: server.socketPath)
        let files = try TemporaryDirectory()
        let clip = try await RenditionClip.make(
            "rgb.mp4", video: ["-c:v", "libx264", "-pix_fmt", "yuv444p"], in: files)
        let id = try await VideoRenditionTests.importVideo(clip, client)

        let answer = try await client.object("photos.rendition", ["id": id, "wait": true])
        #expect(answer["state"] as? String == "ready", "\(answer)")
        let path = try #require(answer["path"] as? String)
        let result = try await Command.run(
            "/usr/bin/env",
            [
                "ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=codec_name,pix_fmt",
                "-of", "csv=p=0", path,
            ])
        #expect(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "h264,yuv420p", "\(result.stdout)")
        await client.close()
        await server.stop()
    }
}
