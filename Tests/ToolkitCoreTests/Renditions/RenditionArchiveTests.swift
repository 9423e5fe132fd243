import Foundation
import JSONRPC
import Testing
import ToolkitCore
import ToolkitTestSupport
import ToolkitCoreTesting

/// A video's browser copy follows it through an archive: a restore into a new data directory, and a part
/// restored into the running diary, give it back ready.
struct RenditionArchiveTests {
    @Test func anArchiveRestoreBringsTheCopyBack() async throws {
        let files = try TemporaryDirectory()
        let server = try await InProcessServer()
        let client = try await ObjectClient.connect(to: server.socketPath)
        let id = try await VideoRenditionTests.importVideo(try await RenditionClip.hevcMovie(in: files), client)
        let ready = try await client.object("photos.rendition", ["id": id, "wait": true])
        let copy = try #require(ready["sha256"] as? String, "\(ready)")
        let archive = try #require(try await client.object("archive.create")["path"] as? String)

        // Into a new data directory
        let restored = files.appending("restored")
        _ = try await client.object("archive.restore", ["path": archive, "into": restored])
        let other = try await InProcessServer { $0.dataDirectory = restored }
        let there = try await ObjectClient.connect(to: other.socketPath)
        let answer = try await there.object("photos.rendition", ["id": id])
        #expect(answer["state"] as? String == "ready" && answer["sha256"] as? String == copy, "\(answer)")
        await there.close()
        await other.stop()

        // And as a part, into the diary the video was deleted from
        _ = try await client.call("photos.delete", ["id": id])
        _ = try await client.object("archive.restore", ["path": archive, "from": "1900-01-01"])
        let back = try await client.object("photos.rendition", ["id": id])
        #expect(back["state"] as? String == "ready" && back["sha256"] as? String == copy, "\(back)")
        await client.close()
        await server.stop()
    }
}
