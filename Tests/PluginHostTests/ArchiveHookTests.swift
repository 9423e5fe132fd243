#if canImport(Glibc)
import Glibc
#endif
import Foundation
import JSONRPC
import Testing
import ToolkitTestSupport
import ToolkitCoreTesting

/// `archive.beforeCreate`: a plugin sees where an archive is about to go, and may refuse it.
@Suite(.serialized)
struct ArchiveHookTests {
    /// A Python plugin that refuses archives into any directory whose name ends in "forbidden".
    static let script = #"""
        #!/usr/bin/env python3
        import json, sys
        def send(obj):
            sys.stdout.write(json.dumps(obj) + "\n"); sys.stdout.flush()
        for line in sys.stdin:
            msg = json.loads(line); i = msg.get("id"); m = msg.get("method")
            if i is None:
                continue
            if m == "getmanifest":
                send({"jsonrpc": "2.0", "id": i, "result": {"name": "keeper", "version": "1", "methods": [],
                      "hooks": [{"name": "archive.beforeCreate", "timeout": 5}]}})
            elif m == "init":
                send({"jsonrpc": "2.0", "id": i, "result": {}})
            elif m == "archive.beforeCreate":
                d = msg["params"]["directory"]
                if d.endswith("forbidden"):
                    send({"jsonrpc": "2.0", "id": i, "result": {"result": "reject",
                          "message": "No archives into " + d + "."}})
                else:
                    send({"jsonrpc": "2.0", "id": i, "result": {"result": "continue"}})
        """#

    @Test func aPluginRefusesAnArchiveBeforeAnythingIsWritten() async throws {
        let scratch = try TemporaryDirectory()
        let plugin = try scratch.write("keeper", Array(Self.script.utf8))
        chmod(plugin, 0o755)
        let session = try CoreWithPlugins(plugins: [plugin])
        defer { session.stop() }
        try await session.waitUntilReady("keeper")
        let client = try await ObjectClient.connect(to: session.core.socketPath)

        let forbidden = scratch.appending("forbidden")
        let refused = await client.error("archive.create", ["to": forbidden])
        #expect(refused?.code.rawValue == -32004 && refused?.message == "No archives into \(forbidden).")
        let data = ObjectClient.data(of: refused)
        #expect(data["plugin"] as? String == "keeper" && data["hook"] as? String == "archive.beforeCreate")
        #expect(!FileManager.default.fileExists(atPath: forbidden), "not even the directory or its lock")

        let allowed = scratch.appending("allowed")
        let result = try await client.object("archive.create", ["to": allowed])
        #expect(result["kind"] as? String == "full")
        #expect(FileManager.default.fileExists(atPath: try #require(result["path"] as? String)))
        await client.close()
    }
}
