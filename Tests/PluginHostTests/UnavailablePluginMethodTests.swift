import Foundation
import Testing
import ToolkitTestSupport
import ToolkitTesting

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
        // Its init fails every time: the fourth crash is followed by a 2 s pause before the next start.
        let scratch = try TemporaryDirectory()
        let plugin = try EchoPlugin.variant("echo", in: scratch, ["ECHO_INIT": "fail"])
        let session = try CoreWithPlugins(plugins: [plugin])
        defer { session.stop() }
        let echo = try await session.plugin("echo") { $0.state == "backing off" && $0.restarts == 4 }
        #expect(echo?.state == "backing off", "\(String(describing: echo))")

        let call = try await session.call(#"{"jsonrpc":"2.0","id":1,"method":"echo.say","params":{}}"#)

        #expect(call.contains(#""code":-32004"#), "\(call)")
        #expect(call.contains("it is backing off after a crash (it answered init with an error"), "\(call)")
        #expect(call.contains(#""data":{"plugin":"echo","state":"backing off""#), "\(call)")
    }
}
