#if canImport(Glibc)
import ChildProcesses
import Glibc
#endif
import Foundation
import Testing
import ToolkitTestSupport
import ToolkitCoreTesting

/// SIGTERM lets the calls a plugin is running finish before the plugin is told to shut down (its stdin
/// closed), as the README promises, within `shutdownGraceSeconds`; calls made after it began are refused with
/// -32004.
@Suite(.serialized)
struct ShutdownDrainTests {
    @Test func aCallInFlightAtSIGTERMGetsThePluginsAnswer() async throws {
        // Given a core serving the echo plugin (which exits as soon as its stdin closes), and a client in the
        // middle of a call that takes 3 s
        let scratch = try TemporaryDirectory()
        let session = try CoreWithPlugins(plugins: [EchoPlugin.path])
        defer { session.stop() }
        try await session.waitUntilReady("echo")
        try await startSlowCall(seconds: 3, on: session, in: scratch)

        // When the core is sent SIGTERM
        session.core.child.send(SIGTERM)

        // Then the call gets the plugin's answer, and the core exits 0
        let answer = await session.client.readLine()
        #expect(answer?.contains(#""result":"done after 3 s""#) == true, "\(answer ?? "no answer")")
        #expect(answer?.contains(#""id":7"#) == true, "\(answer ?? "no answer")")
        #expect(session.core.child.wait(timeout: .seconds(30)).termination.status == 0)
    }

    @Test func newCallsAreRefusedWhileTheCallInFlightRunsUntilTheGraceEnds() async throws {
        // Given a core whose shutdown grace is 5 s, serving two plugins, and a client in the middle of a call
        // to one of them that takes 60 s
        let scratch = try TemporaryDirectory()
        let config = try scratch.write("config.json", Array(#"{"shutdownGraceSeconds":5}"#.utf8))
        let other = try EchoPlugin.variant("other", in: scratch, ["ECHO_NAME": "other"])
        let session = try CoreWithPlugins(plugins: [EchoPlugin.path, other], arguments: ["--config", config])
        defer { session.stop() }
        try await session.waitUntilReady("echo", "other")
        try await startSlowCall(seconds: 60, on: session, in: scratch)

        // When the core is sent SIGTERM, and other clients keep calling the other plugin
        session.core.child.send(SIGTERM)
        var refused: String?
        let deadline = ContinuousClock.now + TestPatience.scaled(.seconds(30))
        while refused == nil, ContinuousClock.now < deadline {
            // Once the core has removed its socket, no one is there to call.
            guard
                let other = try? await CoreWithPlugins.call(
                    session.core.socketPath, #"{"jsonrpc":"2.0","id":1,"method":"other.say","params":{"text":"hi"}}"#)
            else { break }
            if other.contains(#""code":-32004"#) { refused = other }
            try await Task.sleep(for: .milliseconds(20))
        }

        // Then the new calls are refused naming the shutdown; the grace over, the plugin is stopped and the
        // call in flight is told so; the core exits 0
        #expect(
            refused?.contains("The plugin other cannot answer: the core is shutting down.") == true, "\(refused ?? "")")
        let answer = await session.client.readLine()
        #expect(answer?.contains(#""code":-32004"#) == true, "\(answer ?? "no answer")")
        #expect(answer?.contains("The plugin echo cannot answer: it stopped before answering.") == true)
        #expect(session.core.child.wait(timeout: .seconds(30)).termination.status == 0)
    }

    /// Sends `echo.slow` (id 7) on the session's client and returns once the plugin has begun it.
    private func startSlowCall(seconds: Int, on session: CoreWithPlugins, in scratch: TemporaryDirectory)
        async throws
    {
        let mark = scratch.appending("slow-call-began")
        try session.client.send(
            #"{"jsonrpc":"2.0","id":7,"method":"echo.slow","params":{"seconds":\#(seconds),"mark":"\#(mark)"}}"#
                + "\n")
        let deadline = ContinuousClock.now + TestPatience.scaled(.seconds(30))
        while !FileManager.default.fileExists(atPath: mark), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(FileManager.default.fileExists(atPath: mark), "the plugin never began the slow call")
    }
}
