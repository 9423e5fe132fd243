#if canImport(Glibc)
import Glibc
#endif
import Foundation
import JSONRPC
import Testing
import ToolkitTestSupport
import ToolkitCoreTesting

/// A plugin's `photo.beforeImport` refusal as a client of the built core sees it: -32004 for one photo, and the
/// plugin's own message as the reason of a file `photos.importMany` skips.
struct PhotoHookTests {
    static let photo = ToolkitBinary.packageRoot + "/Tests/MediaTests/Fixtures/landscape-64x32.jpg"

    @Test func aRefusedPhotoIsAnsweredOrSkippedWithThePluginsMessage() async throws {
        let files = try TemporaryDirectory()
        let script = """
            #!/usr/bin/env python3
            import json, sys
            for line in sys.stdin:
                message = json.loads(line)
                if "id" not in message:
                    continue
                if message["method"] == "getmanifest":
                    result = {"name": "no-photos", "version": "1", "hooks": ["photo.beforeImport"]}
                elif message["method"] == "init":
                    result = {}
                else:
                    result = {"result": "reject", "message": "No photos today."}
                print(json.dumps({"jsonrpc": "2.0", "id": message["id"], "result": result}), flush=True)

            """
        let plugin = try files.write("no-photos", Array(script.utf8))
        chmod(plugin, 0o755)
        let pictures = files.appending("pictures")
        try FileManager.default.createDirectory(atPath: pictures, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.photo, toPath: pictures + "/walk.jpg")
        let core = try CoreWithPlugins(plugins: [plugin])
        defer { core.stop() }
        try await core.waitUntilReady("no-photos")
        let client = try await ObjectClient.connect(to: core.core.socketPath)
        let album = try await client.object("albums.create", ["title": "산책"])
        let albumId = try #require(album["id"] as? String)

        let refused = await client.error("photos.import", ["albumId": albumId, "path": pictures + "/walk.jpg"])
        #expect(refused?.code.rawValue == -32004 && refused?.message == "No photos today.")
        #expect(ObjectClient.data(of: refused)["reason"] as? String == "rejected")

        let bulk = try await client.object("photos.importMany", ["albumId": albumId, "directory": pictures])
        let skipped = bulk["skipped"] as? [[String: Any]]
        #expect(skipped?.count == 1 && skipped?.first?["reason"] as? String == "No photos today.", "\(bulk)")
        await client.close()
    }
}
