import Archiving
import Foundation
import JSONRPC
import Testing
import ToolkitCore
import ToolkitTestSupport
import ToolkitCoreTesting

/// A video's browser copy follows it through a share bundle: `renditions/<video's sha256>.mp4`, listed in the
/// manifest, kept by the import; a copy that is not an MP4 refuses the bundle.
struct RenditionBundleTests {
    /// A bundle of one HEVC movie whose copy is made; the video's id, its blob's and its copy's SHA-256.
    private func bundleWithACopy(at bundle: String, _ files: TemporaryDirectory) async throws
        -> (id: String, original: String, copy: String)
    {
        let server = try await InProcessServer()
        let client = try await ObjectClient.connect(to: server.socketPath)
        let id = try await VideoRenditionTests.importVideo(try await RenditionClip.hevcMovie(in: files), client)
        let ready = try await client.object("photos.rendition", ["id": id, "wait": true])
        let copy = try #require(ready["sha256"] as? String, "\(ready)")
        let original = try #require(try await client.object("photos.get", ["id": id])["sha256"] as? String)
        let exported = try await client.object("export.create", ["path": bundle])
        let counts = try #require(exported["counts"] as? [String: Any])
        let video = 1
        #expect(
            counts["files"] as? Int == video + (counts["sounds"] as? Int ?? 0),
            "the built-in sounds and the video; the copy is not counted: \(counts)")
        await client.close()
        await server.stop()
        return (id, original, copy)
    }

    @Test func aBundleCarriesEachVideosCopyAndTheImportKeepsIt() async throws {
        let files = try TemporaryDirectory()
        let bundle = files.appending("walks.tar.zst")
        let (id, original, copy) = try await bundleWithACopy(at: bundle, files)
        let draft = try await BundleDraft(unpacking: bundle)
        let manifest = try BundleManifest.decode(try draft.directory.read(draft.path("manifest.json")))
        let member = try #require(manifest.members.first { $0.path == "renditions/\(original).mp4" })
        #expect(member.sha256 == copy)

        let target = try await InProcessServer()
        let client = try await ObjectClient.connect(to: target.socketPath)
        _ = try await client.object("import.bundle", ["path": bundle])
        let there = try await client.object("photos.rendition", ["id": id])
        #expect(there["state"] as? String == "ready" && there["sha256"] as? String == copy, "\(there)")
        await client.close()
        await target.stop()
    }

    @Test func aVideoImportedWithoutACopyGetsOneInTheBackground() async throws {
        // Given a bundle of an HEVC movie from a diary that makes no copies
        let files = try TemporaryDirectory()
        let bundle = files.appending("walks.tar.zst")
        let source = try await InProcessServer { $0.videoTranscode = .never }
        let client = try await ObjectClient.connect(to: source.socketPath)
        let id = try await VideoRenditionTests.importVideo(try await RenditionClip.hevcMovie(in: files), client)
        _ = try await client.object("export.create", ["path": bundle])
        await client.close()
        await source.stop()

        // When it is imported into one under auto, the copy is made without being asked for
        let target = try await InProcessServer()
        let data = target.core.configuration.dataDirectory
        let importer = try await ObjectClient.connect(to: target.socketPath)
        let before = try VideoRenditionTests.storedBlobs(data)
        _ = try await importer.object("import.bundle", ["path": bundle])
        // The copy's blob appears without anyone asking; it is ready once recorded, a moment after it is published.
        let deadline = ContinuousClock.now + TestPatience.scaled(.seconds(120))
        while try VideoRenditionTests.storedBlobs(data).count < before.count + 2, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(try VideoRenditionTests.storedBlobs(data).count == before.count + 2, "the original and its copy")
        let there = try await VideoRenditionTests.state(of: id, becoming: ["ready", "failed"], importer)
        #expect(there["state"] as? String == "ready", "\(there)")
        await importer.close()
        await target.stop()
    }

    @Test func aCopyThatIsNotAnMP4RefusesTheBundle() async throws {
        let files = try TemporaryDirectory()
        let bundle = files.appending("walks.tar.zst")
        let (_, original, _) = try await bundleWithACopy(at: bundle, files)
        let draft = try await BundleDraft(unpacking: bundle)
        let member = "renditions/\(original).mp4"
        try Data("<html>not a video</html>".utf8).write(to: URL(fileURLWithPath: draft.path(member)))
        let forged = files.appending("forged.tar.zst")
        try await draft.pack(to: forged)

        let target = try await InProcessServer()
        let client = try await ObjectClient.connect(to: target.socketPath)
        let error = await client.error("import.bundle", ["path": forged])
        #expect(error?.code.rawValue == -32007, "\(String(describing: error))")
        let data = ObjectClient.data(of: error)
        #expect(data["entry"] as? String == member && data["reason"] as? String == "not-mp4", "\(data)")
        #expect(try await client.items("photos.list", [:]).isEmpty)
        await client.close()
        await target.stop()
    }
}
