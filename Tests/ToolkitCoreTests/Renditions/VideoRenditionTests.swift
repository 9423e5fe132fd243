import Foundation
import JSONRPC
import Testing
import ToolkitCore
import ToolkitTestSupport
import ToolkitCoreTesting

/// Browser-playable copies of videos over the socket: an HEVC movie gets an upright H.264/AAC MP4 with
/// faststart in the background; an H.264 MP4 plays as it is under `auto` and is copied under `always`; `never`
/// makes none; a copy goes with its video.
struct VideoRenditionTests {
    /// Imports the file at `path` into a new album; the video's id.
    static func importVideo(_ path: String, _ client: ObjectClient) async throws -> String {
        let albumId = try #require(try await client.object("albums.create", ["title": "Walks"])["id"] as? String)
        let video = try await client.object("photos.import", ["albumId": albumId, "path": path])
        return try #require(video["id"] as? String)
    }

    /// Asks `photos.rendition` until the state is one of `states`.
    static func state(
        of id: String, becoming states: Set<String>, _ client: ObjectClient
    ) async throws -> [String: Any] {
        let deadline = ContinuousClock.now + TestPatience.scaled(.seconds(120))
        while true {
            let answer = try await client.object("photos.rendition", ["id": id])
            if let state = answer["state"] as? String, states.contains(state) { return answer }
            guard ContinuousClock.now < deadline else { throw TestFailure("still \(answer)") }
            try await Task.sleep(for: .milliseconds(100))
        }
    }

    @Test func anHEVCMovieGetsAnUprightFaststartH264CopyInTheBackground() async throws {
        let server = try await InProcessServer()
        let client = try await ObjectClient.connect(to: server.socketPath)
        let files = try TemporaryDirectory()
        let id = try await Self.importVideo(try await RenditionClip.hevcMovie(turned: true, in: files), client)

        let ready = try await Self.state(of: id, becoming: ["ready", "failed"], client)
        #expect(ready["state"] as? String == "ready", "\(ready)")
        #expect(ready["mediaType"] as? String == "video/mp4")
        let path = try #require(ready["path"] as? String)
        #expect(path.hasSuffix(try #require(ready["sha256"] as? String)))
        let copy = try await RenditionClip.probe(path)
        #expect(copy.videoCodec == "h264" && copy.audioCodec == "aac", "\(copy)")
        #expect(copy.faststart, "the index comes before the data")
        #expect(copy.width == 96 && copy.height == 128 && !copy.rotated, "upright: \(copy)")
        #expect(ready["bytes"] as? Int == Int(try FileManager.default.attributesOfItem(atPath: path)[.size] as! Int))
        await client.close()
        await server.stop()
    }

    @Test func anH264MP4PlaysAsItIsUnderAutoAndIsCopiedUnderAlways() async throws {
        let files = try TemporaryDirectory()
        let clip = try await RenditionClip.make(
            "walk.mp4", video: ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-threads", "1"], in: files)
        for (policy, state) in [(VideoTranscodePolicy.auto, "original"), (.always, "ready")] {
            let server = try await InProcessServer { $0.videoTranscode = policy }
            let client = try await ObjectClient.connect(to: server.socketPath)
            let id = try await Self.importVideo(clip, client)
            let answer = try await client.object("photos.rendition", ["id": id, "wait": true])
            #expect(answer["state"] as? String == state, "\(policy): \(answer)")
            let path = try #require(answer["path"] as? String)
            if state == "original" {
                #expect(answer["mediaType"] as? String == "video/mp4")
                #expect(
                    try Data(contentsOf: URL(fileURLWithPath: path)) == Data(contentsOf: URL(fileURLWithPath: clip)))
            } else {
                await #expect(try RenditionClip.probe(path).videoCodec == "h264")
                #expect(
                    try Data(contentsOf: URL(fileURLWithPath: path)) != Data(contentsOf: URL(fileURLWithPath: clip)))
            }
            await client.close()
            await server.stop()
        }
    }

    @Test func neverMakesNoCopy() async throws {
        let server = try await InProcessServer { $0.videoTranscode = .never }
        let client = try await ObjectClient.connect(to: server.socketPath)
        let files = try TemporaryDirectory()
        let id = try await Self.importVideo(try await RenditionClip.hevcMovie(in: files), client)
        let asked = try await client.object("photos.rendition", ["id": id])
        #expect(asked["state"] as? String == "disabled" && asked["path"] == nil, "\(asked)")
        let waited = try await client.object("photos.rendition", ["id": id, "wait": true])
        #expect(waited["state"] as? String == "disabled", "\(waited)")
        await client.close()
        await server.stop()
    }

    @Test func withoutFFmpegTheCopyFailsSayingSo() async throws {
        let server = try await InProcessServer { $0.ffmpegPath = "/nonexistent/ffmpeg" }
        let client = try await ObjectClient.connect(to: server.socketPath)
        let files = try TemporaryDirectory()
        let id = try await Self.importVideo(try await RenditionClip.hevcMovie(in: files), client)
        let answer = try await client.object("photos.rendition", ["id": id, "wait": true])
        #expect(answer["state"] as? String == "failed", "\(answer)")
        let error = try #require(answer["error"] as? String)
        #expect(error.hasPrefix("browser-playable copies need ffmpeg: ffmpeg is not found at /nonexistent/ffmpeg"))
        #expect(try await client.object("photos.rendition", ["id": id])["state"] as? String == "failed")
        await client.close()
        await server.stop()
    }

    @Test func aPhotoHasNoCopyAndTheErrorNamesItsId() async throws {
        let server = try await InProcessServer()
        let client = try await ObjectClient.connect(to: server.socketPath)
        let files = try TemporaryDirectory()
        let photo = try files.write("landscape.jpg", try MediaSamples.fixture("landscape-64x32.jpg"))
        let id = try await Self.importVideo(photo, client)
        let error = await client.error("photos.rendition", ["id": id])
        #expect(error?.code == .invalidParams)
        #expect(ObjectClient.data(of: error)["field"] as? String == "id", "\(String(describing: error))")
        #expect(error?.message.contains("not a video") == true, "\(String(describing: error))")
        await client.close()
        await server.stop()
    }

    @Test func deletingTheVideoRemovesItsCopy() async throws {
        let server = try await InProcessServer()
        let client = try await ObjectClient.connect(to: server.socketPath)
        let files = try TemporaryDirectory()
        let data = server.core.configuration.dataDirectory
        let before = try Self.storedBlobs(data)
        let id = try await Self.importVideo(try await RenditionClip.hevcMovie(in: files), client)
        let ready = try await client.object("photos.rendition", ["id": id, "wait": true])
        let path = try #require(ready["path"] as? String, "\(ready)")
        #expect(FileManager.default.fileExists(atPath: path))

        _ = try await client.call("photos.delete", ["id": id])
        _ = try await client.call("system.gc")
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(try Self.storedBlobs(data) == before, "the video and its copy are gone")
        await client.close()
        await server.stop()
    }

    /// The names of the blobs under `dataDirectory` (the built-in sounds' among them), sorted.
    static func storedBlobs(_ dataDirectory: String) throws -> [String] {
        let root = dataDirectory + "/blobs/sha256"
        let fanOuts = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        return try fanOuts.flatMap { try FileManager.default.contentsOfDirectory(atPath: root + "/" + $0) }.sorted()
    }

    /// The files in the blob store's temp directory.
    static func temporaries(_ dataDirectory: String) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: dataDirectory + "/blobs/tmp")) ?? []
    }
}

/// What a user sees: `toolkit photos rendition ID --wait` prints the state and the copy's path; `--json` the
/// core's answer; a photo is refused naming it.
struct RenditionCommandTests {
    @Test func theCommandWaitsForTheCopyAndPrintsItsPath() async throws {
        let core = try CoreProcess()
        defer { core.stop() }
        let socket = ["--socket", core.socketPath]
        let files = try TemporaryDirectory()
        let clip = try await RenditionClip.hevcMovie(in: files)
        _ = try await runToolkit(["albums", "add", "Walks"] + socket)
        let id = try await runToolkit(["photos", "import", clip, "--album", "Walks", "--quiet"] + socket).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)

        let waited = try await runToolkit(["photos", "rendition", id, "--wait"] + socket)
        #expect(waited.status == 0, "\(waited.stderr)")
        let words = waited.stdout.split(separator: " ")
        #expect(words.first == "ready", "\(waited.stdout)")
        let path = words.dropFirst().joined(separator: " ").trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(path.hasPrefix(core.dataDirectory + "/blobs/sha256/"), "\(path)")
        await #expect(try RenditionClip.probe(path).videoCodec == "h264")

        let json = try await runToolkit(["photos", "rendition", id, "--json"] + socket)
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(answer["state"] as? String == "ready" && answer["path"] as? String == path, "\(answer)")
        #expect(answer["mediaType"] as? String == "video/mp4" && answer["photoId"] as? String == id)
    }
}
