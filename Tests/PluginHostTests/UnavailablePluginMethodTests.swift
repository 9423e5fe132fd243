import Foundation
import Testing
import ToolkitTestSupport
import ToolkitCoreTesting

/// A call to a method a plugin declared, while that plugin cannot answer, says which plugin and why (-32004
/// with its state); a method no plugin declared is not found (-32601).
@Suite(.serialized)
struct UnavailablePluginMethodTests {
    @Test func aStoppedPluginsMethodAnswersItsNameAndStateNotMethodNotFound() async throws {
        let session = try CoreWithPlugins(plugins: [EchoPlugin.path])
        defer { session.stop() }
        try await session.waitUntilReady("echo")
        let stopped = try await session.call(
            #"{"jsonrpc":"2.0","id":1,"method":"plugins.stop","params":{"name":"echo"}}"#)
        #expect(stopped.contains(#""state":"stopped""#), "\(stopped)")

        let call = try await session.call(#"{"jsonrpc":"2.0","id":2,"method":"echo.say","params":{}}"#)

        #expect(call.contains(#""code":-32004"#), "\(call)")
        #expect(
            call.contains("The plugin echo cannot answer: it is stopped; plugins.start echo starts it."), "\(call)")
        #expect(call.contains(#""data":{"plugin":"echo","state":"stopped"}"#), "\(call)")
        let unknown = try await session.call(#"{"jsonrpc":"2.0","id":3,"method":"echo.nothing"}"#)
        #expect(unknown.contains(#""code":-32601"#) && unknown.contains("No method named 'echo.nothing'"), "\(unknown)")
    }

    @Test func aFailedPluginsMethodAnswersWhyItFailed() async throws {
        // Its init fails every time: after five crashes within a minute it is failed.
        let scratch = try TemporaryDirectory()
        let plugin = try EchoPlugin.variant("echo", in: scratch, ["ECHO_INIT": "fail"])
        let session = try CoreWithPlugins(plugins: [plugin])
        defer { session.stop() }
        let echo = try await session.plugin("echo") { $0.state == "failed" }
        #expect(echo?.state == "failed", "\(String(describing: echo))")

        let call = try await session.call(#"{"jsonrpc":"2.0","id":1,"method":"echo.say","params":{}}"#)

        #expect(call.contains(#""code":-32004"#), "\(call)")
        #expect(call.contains("The plugin echo cannot answer: it failed (it answered init with an error"), "\(call)")
        #expect(call.contains("plugins.start echo tries it again."), "\(call)")
        #expect(call.contains(#""data":{"plugin":"echo","state":"failed","reason":"it answered init"#), "\(call)")
    }

    @Test func aPluginBackingOffAfterACrashAnswersThatItRestartsSoon() async throws {
        // Its init fails every time: after each crash it pauses (0.25 s, 0.5 s, 1 s, 2 s), and the fifth fails it.
        let scratch = try TemporaryDirectory()
        let plugin = try EchoPlugin.variant("echo", in: scratch, ["ECHO_INIT": "fail"])
        let session = try CoreWithPlugins(plugins: [plugin])
        defer { session.stop() }
        // A pause is too short to see and then call in on a loaded machine: the listing and the call go in one
        // batch, answered in the same turn, until the listing says the plugin is backing off.
        let batch =
            #"[{"jsonrpc":"2.0","id":"list","method":"plugins.list"},"#
            + #"{"jsonrpc":"2.0","id":1,"method":"echo.say","params":{}}]"#
        var error: [String: Any]?
        let deadline = ContinuousClock.now + TestPatience.scaled(.seconds(60))
        while ContinuousClock.now < deadline {
            let text = try await session.call(batch)
            let answers = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
            let list = try #require(answers.first { $0["id"] as? String == "list" })
            let items = ((list["result"] as? [String: Any])?["items"] as? [[String: Any]]) ?? []
            let state = items.first { $0["name"] as? String == "echo" }?["state"] as? String
            if state == "backing off" {
                error = answers.first { $0["id"] as? Int == 1 }?["error"] as? [String: Any]
                break
            }
            if state == "failed" { break }
            try await Task.sleep(for: .milliseconds(20))
        }

        let answered = try #require(error, "no call was answered while the plugin was backing off")
        #expect(answered["code"] as? Int == -32004)
        let message = answered["message"] as? String ?? ""
        #expect(message.contains("it is backing off after a crash (it answered init with an error"), "\(message)")
        let data = answered["data"] as? [String: Any]
        #expect(data?["plugin"] as? String == "echo" && data?["state"] as? String == "backing off")
    }
}
