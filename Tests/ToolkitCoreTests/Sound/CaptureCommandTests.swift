import Foundation
import JSONRPC
import Testing
import ToolkitAPI
import ToolkitTestSupport
import ToolkitCoreTesting

/// `toolkit capture photo|video` as a script runs it: the built binary against a built core that loads the
/// shipped shutter-capture plugin, ffmpeg's lavfi test pattern standing in for the camera.
struct CaptureCommandTests {
    @Test func withoutThePluginCaptureSaysItIsNotLoaded() async throws {
        let core = try CoreProcess(extraArguments: ["--no-plugins"])
        defer { _ = core.stop() }
        for arguments in [["capture", "photo"], ["capture", "video", "--seconds", "1"]] {
            let result = try await runToolkit(arguments + ["--socket", core.socketPath])
            #expect(result.status == 1)
            #expect(
                result.stderr.contains("toolkit capture needs the shutter-capture plugin, which is not loaded"),
                "\(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
    }

    @Test func aPhotoAndAVideoGoIntoThePetsAlbum() async throws {
        let files = try TemporaryDirectory()
        let config = files.appending("toolkit.json")
        try Data(
            #"""
            {"plugins": {"paths": [],
                         "options": {"shutter-capture": {"format": "lavfi", "source": "testsrc=size=64x48:rate=10"}}}}
            """#.utf8
        ).write(to: URL(fileURLWithPath: config))
        let plugin = ToolkitBinary.packageRoot + "/Plugins/shutter-capture/shutter-capture"
        let core = try CoreProcess(extraArguments: ["--config", config, "--plugin", plugin])
        defer { _ = core.stop() }
        let client = try await RPCClient.connect(to: core.socketPath)
        defer { Task { await client.close() } }
        let pet = try await client.call(PetsCreate.self, .init(name: "보리"))
        let socket = ["--socket", core.socketPath]
        // The core serves clients once its start-up plugins are ready, so the plugin's methods are there.

        let photo = try await runToolkit(["capture", "photo", "--pet", "보리"] + socket)
        #expect(photo.status == 0, "\(photo.stderr)")
        #expect(
            photo.stdout.hasPrefix("Took photo ") && photo.stdout.contains("(64×48) into album "), "\(photo.stdout)")
        let album = try #require(try await client.call(AlbumsList.self, .init(petId: pet.id)).items.first)
        #expect(photo.stdout.hasSuffix("into album \(album.title) (\(album.id))\n"), "\(photo.stdout)")

        let video = try await runToolkit(["capture", "video", "--pet", "보리", "--seconds", "1"] + socket)
        #expect(video.status == 0, "\(video.stderr)")
        #expect(video.stdout.hasPrefix("Recorded video ") && video.stdout.contains("(64×48, 1.0 s)"), "\(video.stdout)")

        let items = try await client.call(PhotosList.self, .init(petId: pet.id)).items
        #expect(items.map(\.mediaType).sorted() == ["image/jpeg", "video/mp4"])

        let refused = try await runToolkit(["capture", "video", "--seconds", "601"] + socket)
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("--seconds must be a whole number from 1 to 600"), "\(refused.stderr)")
    }
}
