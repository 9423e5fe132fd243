import Foundation
import JSONRPC
import Testing
import ToolkitTestSupport
import ToolkitCoreTesting

/// WebM, Matroska and AVI clips made by ffmpeg are imported as videos over the socket, with the size and
/// duration their headers give; a copy cut short is refused with the reason and leaves nothing behind.
struct VideoImportTests {
    /// An ffmpeg encoder, the container it writes into, and the media type the core should answer.
    static let clips: [(name: String, encoder: String, mediaType: String)] = [
        ("walk.webm", "libvpx-vp9", "video/webm"),
        ("walk.mkv", "libx264", "video/x-matroska"),
        ("walk.avi", "mjpeg", "video/x-msvideo"),
    ]

    @Test(arguments: clips)
    func aClipIsImportedAsAVideoWithItsSizeAndDuration(name: String, encoder: String, mediaType: String)
        async throws
    {
        try await withCore(.socket) { core in
            let client = try await core.client()
            let files = try TemporaryDirectory()
            let clip = try await TestClip.make(
                name, codec: encoder, width: 96, height: 54, rate: 10, seconds: 2, in: files)
            let albumId = try #require(try await client.object("albums.create", ["title": "Walks"])["id"] as? String)

            let video = try await client.object("photos.import", ["albumId": albumId, "path": clip])
            #expect(video["mediaType"] as? String == mediaType)
            #expect(video["width"] as? Int == 96)
            #expect(video["height"] as? Int == 54)
            let duration = try #require(video["durationSeconds"] as? Double)
            #expect(abs(duration - 2) <= 0.1, "within a frame of 2 s: \(duration)")
            #expect(video["filename"] as? String == name)

            let listed = try await client.items("photos.list", ["albumId": albumId])
            #expect(listed.map { $0["mediaType"] as? String } == [mediaType])
            await client.close()
        }
    }

    @Test(arguments: clips)
    func aClipCutShortIsRefusedAsTruncatedAndNothingIsStored(name: String, encoder: String, mediaType: String)
        async throws
    {
        try await withCore(.socket) { core in
            let client = try await core.client()
            let files = try TemporaryDirectory()
            let whole = try files.read(try await TestClip.make(name, codec: encoder, in: files))
            let half = try files.write("half-" + name, Array(whole.prefix(whole.count / 2)))
            let albumId = try #require(try await client.object("albums.create", ["title": "Walks"])["id"] as? String)

            let error = await client.error("photos.import", ["albumId": albumId, "path": half])
            #expect(error?.code == .invalidParams)
            let data = ObjectClient.data(of: error)
            #expect(data["field"] as? String == "path")
            #expect(data["reason"] as? String == "truncated")
            let message = try #require(error?.message)
            #expect(message.hasSuffix("runs past the end of the content; is the file truncated?"), "\(message)")
            #expect(try await client.items("photos.list", ["albumId": albumId]).isEmpty)
            await client.close()
        }
    }

    /// What a user sees: the CLI imports the clip, and skips the cut copy with the reason.
    @Test func theCommandImportsAWebMAndSkipsItsTruncatedCopyWithTheReason() async throws {
        let core = try CoreProcess()
        defer { _ = core.stop() }
        let socket = ["--socket", core.socketPath]
        let files = try TemporaryDirectory()
        let clip = try await TestClip.make("walk.webm", codec: "libvpx-vp9", in: files)
        let whole = try files.read(clip)
        let half = try files.write("half.webm", Array(whole.prefix(whole.count / 2)))
        _ = try await runToolkit(["albums", "add", "Walks"] + socket)

        let imported = try await runToolkit(["photos", "import", clip, half, "--album", "Walks", "--quiet"] + socket)
        #expect(imported.status == 1)
        #expect(
            imported.stderr.contains(
                "skipped \(half): the WebM file's Segment runs past the end of the content; is the file truncated?"),
            "\(imported.stderr)")
        let listed = try await runToolkit(["photos", "list", "--album", "Walks"] + socket)
        #expect(listed.stdout.contains("walk.webm"), "\(listed.stdout)")
        #expect(listed.stdout.contains("video/webm"), "\(listed.stdout)")
    }
}
