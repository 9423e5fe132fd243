import ChildProcesses
import Foundation
import JSONRPC
import Testing
import ToolkitTestSupport
import ToolkitCoreTesting

/// What docs/plugins.md asks of every plugin, checked on each shipped plugin and template: a valid manifest,
/// options with their type and default, -32601 for an unknown method, unknown notifications and event topics
/// ignored, nothing but messages on stdout (the client would fail on anything else), exit when stdin closes.
struct ProtocolConformanceTests {
    static let plugins = [
        "Plugins/markdown-export/markdown-export", "Plugins/shutter-capture/shutter-capture",
        "Plugins/backup-copy/backup-copy", "Examples/plugins/hello.py", "Examples/plugins/hello.sh",
    ]

    @Test(arguments: plugins)
    func followsProtocolOne(_ relative: String) async throws {
        let path = repositoryRoot + "/" + relative
        #expect(FileManager.default.isExecutableFile(atPath: path))
        #expect(String(decoding: contents(path)?.prefix(2) ?? [], as: UTF8.self) == "#!")

        let plugin = try await PluginUnderTest(path: path)
        let manifest = try await plugin.call("getmanifest", ["protocol": 1])
        guard case .string(let name)? = manifest["name"] else {
            Issue.record("no name in \(manifest)")
            return
        }
        #expect(name.wholeMatch(of: /[a-z0-9][a-z0-9._-]{0,63}/) != nil)
        if relative.hasPrefix("Plugins/") {
            #expect(relative == "Plugins/\(name)/\(name)", "a shipped plugin's folder and file carry its name")
        }
        if case .string = manifest["version"] {} else { Issue.record("no version string in \(manifest)") }
        #expect(manifest["protocol"] == 1)
        guard case .array(let methods)? = manifest["methods"] else {
            Issue.record("no methods in \(manifest)")
            return
        }
        for method in methods {
            guard case .string(let methodName)? = method["name"], case .string? = method["description"] else {
                Issue.record("a method without a name or description: \(method)")
                continue
            }
            #expect(!methodName.hasPrefix("rpc."))
        }
        var options: [(String, JSONValue)] = []
        for (option, declaration) in members(manifest["options"]) ?? [:] {
            let type = declaration["type"]
            #expect(["string", "integer", "number", "boolean"].map { JSONValue.string($0) }.contains(type ?? .null))
            guard let value = declaration["default"] else {
                Issue.record("option \(option) has no default")
                continue
            }
            options.append((option, value))
        }
        let answer = try await plugin.call(
            "init",
            [
                "protocol": 1, "name": .string(name), "socket": "/nowhere/toolkit.sock", "dataDir": "/nowhere",
                "options": .object(options),
            ])
        if case .object = answer {} else { Issue.record("init answered \(answer)") }

        plugin.client.notify("no.such.notification", params: RawJSON(["x": 1]))
        plugin.sendEvent("system.unknownTopic", data: [:])
        do {
            _ = try await plugin.call("no.such.method", [:])
            Issue.record("an unknown method was answered")
        } catch {
            #expect(errorCode(error) == -32601)
        }
        // Closing stdin alone (no shutdown notification) ends it, with status 0.
        plugin.client.finishWriting()
        let outcome = await Task.detached { plugin.process.wait(timeout: .seconds(5)) }.value
        #expect(outcome.termination == .exited(0) && !outcome.timedOut, "\(plugin.standardErrorText())")
        await plugin.client.close()
    }

    @Test(arguments: ["markdown-export", "shutter-capture", "backup-copy"])
    func eachShippedPluginHasAReadmeWithExamples(_ name: String) throws {
        let readme = String(decoding: contents(repositoryRoot + "/Plugins/\(name)/README.md") ?? [], as: UTF8.self)
        #expect(readme.hasPrefix("# \(name)\n"))
        #expect(readme.contains("toolkit call "))
        #expect(readme.contains("socat ") && readme.contains("UNIX-CONNECT:$XDG_RUNTIME_DIR/toolkit/toolkit.sock"))
        #expect(readme.contains("## Options"))
    }
}
