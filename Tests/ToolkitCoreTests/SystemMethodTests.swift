import Foundation
import JSONRPC
import Testing
import ToolkitCore
import ToolkitCoreTesting

struct SystemMethodTests {
    @Test func discoverListsEveryMethodWithSchemas() async throws {
        let server = try await InProcessServer()
        try server.registry.register(TestMethods.Subtract())
        let client = try await server.client()
        let document = try await client.call("rpc.discover")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(document.text.utf8)) as? [String: Any])
        #expect(object["openrpc"] as? String == "1.2.6")
        let methods = try #require(object["methods"] as? [[String: Any]])
        let names = methods.compactMap { $0["name"] as? String }
        #expect(names == names.sorted())
        for name in [
            "system.ping", "system.info", "rpc.discover", "rpc.cancel", "events.subscribe", "events.unsubscribe",
            "events.emit", "subtract",
        ] {
            #expect(names.contains(name), "\(name) missing")
        }
        let subscribe = try #require(methods.first { $0["name"] as? String == "events.subscribe" })
        let params = try #require(subscribe["params"] as? [[String: Any]])
        #expect(params.first { $0["name"] as? String == "topics" }?["required"] as? Bool == true)
        #expect(params.first { $0["name"] as? String == "since" }?["required"] as? Bool == false)
        #expect(subscribe["x-effect"] as? String == "read")
        // A method that does not say what it does to the user's data counts as a write.
        #expect(methods.first { $0["name"] as? String == "subtract" }?["x-effect"] as? String == "write")
        await client.close()
        await server.stop()
    }

    /// Every built-in param that names a file on the core's machine says so with `"x-path"`, which a bridge holds
    /// to its roots; no other does.
    @Test func discoverMarksEveryParamThatNamesAFile() async throws {
        let server = try await InProcessServer()
        let client = try await server.client()
        let document = try await client.call("rpc.discover")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(document.text.utf8)) as? [String: Any])
        var marked: [String: Any] = [:]
        for method in try #require(object["methods"] as? [[String: Any]]) {
            for param in method["params"] as? [[String: Any]] ?? [] {
                if let mark = (param["schema"] as? [String: Any])?["x-path"] {
                    marked["\(method["name"] ?? "").\(param["name"] ?? "")"] = mark
                }
            }
        }
        let paths = [
            "photos.import.path", "photos.importMany.paths", "photos.importMany.directory", "sounds.import.path",
            "import.bundle.path", "export.create.path", "archive.create.to", "archive.list.to", "archive.prune.to",
            "archive.verify.path", "archive.restore.path", "archive.restore.into",
        ]
        #expect(Set(marked.keys) == Set(paths + ["plugins.start.path"]), "\(marked.keys.sorted())")
        for path in paths { #expect(marked[path] as? Bool == true, "\(path)") }
        // plugins.start takes a path or the name of a plugin the core knows, which names no file.
        #expect(marked["plugins.start.path"] as? String == "or-name")
        await client.close()
        await server.stop()
    }

    @Test func infoReportsVersionPathsAndCounts() async throws {
        let server = try await InProcessServer()
        let client = try await server.client()
        let text = try await client.call("system.info").text
        let info = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(info["version"] as? String == ToolkitVersion.current)
        #expect(info["pid"] as? Int == Int(ProcessInfo.processInfo.processIdentifier))
        #expect((info["paths"] as? [String: Any])?["socket"] as? String == server.socketPath)
        #expect((info["counts"] as? [String: Any])?["openConnections"] as? Int == 1)
        await client.close()
        await server.stop()
    }

    @Test func clientCancelsOnTaskCancellation() async throws {
        let cancelled = Counter()
        let server = try await InProcessServer()
        try server.registry.register(TestMethods.Sleep(cancelled: cancelled, finished: Counter()))
        let client = try await server.client()
        let call = Task { try await client.call("test.sleep", params: RawJSON(["ms": 60000])) }
        try await Task.sleep(for: .milliseconds(100))
        call.cancel()
        await #expect(throws: RPCError.self) { try await call.value }
        try await waitUntil { cancelled.count == 1 }
        await client.close()
        await server.stop()
    }
}
