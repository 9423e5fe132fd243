#if canImport(Glibc)
import Glibc
#endif
import Foundation
import JSONRPC
import Testing
import ToolkitTestSupport
import ToolkitCoreTesting

/// `export.beforeCreate`: a plugin sees the selection of a share bundle before it is written, and may narrow
/// it or refuse.
@Suite(.serialized)
struct ExportHookTests {
    /// A Python plugin that refuses exports of the whole diary and narrows every other one to 2024.
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
                send({"jsonrpc": "2.0", "id": i, "result": {"name": "gate", "version": "1", "methods": [],
                      "hooks": [{"name": "export.beforeCreate", "timeout": 5}]}})
            elif m == "init":
                send({"jsonrpc": "2.0", "id": i, "result": {}})
            elif m == "export.beforeCreate":
                p = msg["params"]
                if p.get("petId") is None:
                    send({"jsonrpc": "2.0", "id": i, "result": {"result": "reject",
                          "message": "Export one pet at a time, not all to " + str(p.get("path")) + "."}})
                else:
                    send({"jsonrpc": "2.0", "id": i, "result": {"result": "continue",
                          "params": {"from": "2024-01-01", "to": "2024-12-31"}}})
        """#

    @Test func aPluginRefusesOrNarrowsAnExportBeforeItIsWritten() async throws {
        let scratch = try TemporaryDirectory()
        let plugin = try scratch.write("gate", Array(Self.script.utf8))
        chmod(plugin, 0o755)
        let session = try CoreWithPlugins(plugins: [plugin])
        defer { session.stop() }
        try await session.waitUntilReady("gate")
        let client = try await ObjectClient.connect(to: session.core.socketPath)
        let pet = try await client.object("pets.create", ["name": "보리"])
        let petId = try #require(pet["id"] as? String)
        for date in ["2023-06-01", "2024-06-01"] {
            _ = try await client.object("diary.create", ["title": date, "body": "", "date": date, "petId": petId])
        }

        // The whole diary: refused, with the plugin and the hook named, and nothing written.
        let refused = await client.error("export.create", ["path": scratch.appending("all.tar.zst")])
        let all = scratch.appending("all.tar.zst")
        #expect(refused?.code.rawValue == -32004 && refused?.message == "Export one pet at a time, not all to \(all).")
        let data = ObjectClient.data(of: refused)
        #expect(data["plugin"] as? String == "gate" && data["hook"] as? String == "export.beforeCreate")
        #expect(data["reason"] as? String == "rejected")
        #expect(!FileManager.default.fileExists(atPath: scratch.appending("all.tar.zst")))

        // One pet: the plugin's narrower dates win, so only the 2024 entry is in the bundle.
        let path = scratch.appending("bori.tar.zst")
        let result = try await client.object("export.create", ["path": path, "petId": petId])
        let counts = try #require(result["counts"] as? [String: Any])
        #expect(counts["entries"] as? Int == 1, "\(result)")
        await client.close()
    }
}
