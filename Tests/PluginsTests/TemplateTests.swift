import ChildProcesses
import Foundation
import JSONRPC
import Testing
import ToolkitTestSupport
import ToolkitCoreTesting

/// Examples/plugins/hello.py and hello.sh run as they are: they answer their method, their hook and unknown
/// methods, log the events they get, and exit when their stdin closes.
struct TemplateTests {
    @Test(arguments: ["hello.py", "hello.sh"])
    func theTemplateAnswersItsMethodAndHook(_ file: String) async throws {
        try await withCore(.socket) { core in
            let path = repositoryRoot + "/Examples/plugins/" + file
            let plugin = try await PluginUnderTest(path: path)
            let manifest = try await plugin.handshake(
                socket: core.socketPath, dataDirectory: core.dataDirectory, options: [("greeting", "hello")])
            #expect(manifest["protocol"] == 1)
            guard case .array(let methods)? = manifest["methods"] else {
                Issue.record("no methods in \(manifest)")
                return
            }
            #expect(methods.compactMap { $0["name"] } == ["hello.say"])

            #expect(try await plugin.call("hello.say", ["name": "보리"]) == "hello, 보리")
            #expect(try await plugin.call("hello.say", [:]) == "hello, world")
            let hook = try await plugin.call(
                "entry.beforeSave",
                [
                    "id": nil, "title": "산책", "body": "#walk", "date": "2026-01-01", "petId": nil, "photoIds": [],
                    "favorite": false,
                ])
            #expect(members(hook) == ["result": "continue"])
            do {
                _ = try await plugin.call("no.such")
                Issue.record("an unknown method was answered")
            } catch {
                #expect(errorCode(error) == -32601)
            }

            plugin.sendEvent("pet.created", data: ["name": "보리"], seq: 7)
            plugin.client.notify("something.new", params: RawJSON(["x": 1]))
            _ = try await eventually("the event in the log") {
                plugin.standardErrorText().contains("event 7 pet.created") ? true : nil
            }
            #expect(try await plugin.call("hello.say", ["name": "Mochi"]) == "hello, Mochi")
            let (termination, killed) = await plugin.stop()
            #expect(termination == .exited(0) && !killed)
        }
    }

    @Test(arguments: ["hello.py", "hello.sh"])
    func theGreetingOptionComesFromInit(_ file: String) async throws {
        let plugin = try await PluginUnderTest(path: repositoryRoot + "/Examples/plugins/" + file)
        try await plugin.handshake(socket: "/nowhere", dataDirectory: "/nowhere", options: [("greeting", "안녕")])
        #expect(try await plugin.call("hello.say", ["name": "Kong"]) == "안녕, Kong")
        await plugin.stop()
    }
}
