#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import ToolkitTestSupport
import ToolkitTesting

/// SIGTERM lets the calls a plugin is running finish before the plugin is told to shut down (its stdin
/// closed), as the README promises; calls made after it began are refused with -32004.
@Suite(.serialized)
struct ShutdownDrainTests {
    @Test func aCallInFlightAtSIGTERMGetsThePluginsAnswerAndLaterCallsAreRefused() async throws {
        // Given a core serving the echo plugin (which exits as soon as its stdin closes), and a client in the
        // middle of a call that takes 3 s
        let scratch = try TemporaryDirectory()
        let session = try CoreWithPlugins(plugins: [EchoPlugin.path])
        defer { session.stop() }
        try await session.waitUntilReady("echo")
        let mark = scratch.appending("slow-call-began")
        try session.client.send(
            #"{"jsonrpc":"2.0","id":7,"method":"echo.slow","params":{"seconds":3,"mark":"\#(mark)"}}"# + "\n")
        let deadline = ContinuousClock.now + TestPatience.scaled(.seconds(30))
        while !FileManager.default.fileExists(atPath: mark), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(FileManager.default.fileExists(atPath: mark), "the plugin never began the slow call")

        // When the core is sent SIGTERM, and other clients keep calling the plugin
        session.core.child.send(SIGTERM)
        var refused: String?
        while refused == nil, ContinuousClock.now < deadline {
            let other = try await CoreWithPlugins.call(
                session.core.socketPath, #"{"jsonrpc":"2.0","id":1,"method":"echo.say","params":{"text":"hi"}}"#)
            if other.contains(#""code":-32004"#) { refused = other }
            try await Task.sleep(for: .milliseconds(20))
        }

        // Then the call in flight gets the plugin's answer, the later one was refused naming the shutdown,
        // and the core exits 0
        let answer = await session.client.readLine()
        #expect(answer?.contains(#""result":"done after 3 s""#) == true, "\(answer ?? "no answer")")
        #expect(answer?.contains(#""id":7"#) == true, "\(answer ?? "no answer")")
        #expect(
            refused?.contains("The plugin echo cannot answer: the core is shutting down.") == true, "\(refused ?? "")")
        #expect(session.core.child.wait(timeout: .seconds(30)).termination.status == 0)
    }

    @Test func aCallOutlastingTheShutdownGraceIsAnsweredThatThePluginStopped() async throws {
        // Given a core whose shutdown grace is 1 s, and a client in the middle of a call that takes 30 s
        let scratch = try TemporaryDirectory()
        let config = try scratch.write("config.json", Array(#"{"shutdownGraceSeconds":1}"#.utf8))
        let session = try CoreWithPlugins(plugins: [EchoPlugin.path], arguments: ["--config", config])
        defer { session.stop() }
        try await session.waitUntilReady("echo")
        let mark = scratch.appending("slow-call-began")
        try session.client.send(
            #"{"jsonrpc":"2.0","id":7,"method":"echo.slow","params":{"seconds":30,"mark":"\#(mark)"}}"# + "\n")
        let deadline = ContinuousClock.now + TestPatience.scaled(.seconds(30))
        while !FileManager.default.fileExists(atPath: mark), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(FileManager.default.fileExists(atPath: mark), "the plugin never began the slow call")

        // When the core is sent SIGTERM
        session.core.child.send(SIGTERM)

        // Then, the grace over, the plugin is stopped: the client is told so, and the core exits 0
        let answer = await session.client.readLine()
        #expect(answer?.contains(#""code":-32004"#) == true, "\(answer ?? "no answer")")
        #expect(answer?.contains("The plugin echo cannot answer: it stopped before answering.") == true)
        #expect(session.core.child.wait(timeout: .seconds(30)).termination.status == 0)
    }
}
