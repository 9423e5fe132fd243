import Foundation
import Testing
import ToolkitTestSupport
import ToolkitCoreTesting

/// Plugins that misbehave as real processes do, while a second client pings the core throughout: the core and
/// the other plugins keep answering.
@Suite(.serialized)
struct PluginFaultTests {
    @Test func aPluginThatStopsReadingGetsNoMoreCallsAndNothingElseStalls() async throws {
        // Given a well-behaved plugin beside one that has stopped reading its stdin (busy in a call for good)
        let scratch = try TemporaryDirectory()
        let stuck = try EchoPlugin.variant("stuck", in: scratch, ["ECHO_NAME": "stuck"])
        let session = try CoreWithPlugins(
            plugins: [EchoPlugin.path, stuck], arguments: ["--plugin-call-timeout", "5"])
        defer { session.stop() }
        try await session.waitUntilReady("echo", "stuck")
        let pinger = try Pinger(socketPath: session.core.socketPath)
        let busy = try await session.call(
            #"{"jsonrpc":"2.0","id":0,"method":"stuck.sleep","params":{"seconds":3600}}"#)
        #expect(busy.contains(#""code":-32004"#), "\(busy)")

        // When calls with large params pile up for it, past the bounded queue (4 MiB)
        let text = String(repeating: "x", count: 256 * 1024)
        let calls = 40
        for id in 1...calls {
            try session.client.send(
                #"{"jsonrpc":"2.0","id":\#(id),"method":"stuck.say","params":{"text":"\#(text)"}}"# + "\n")
        }
        let other = try await CoreWithPlugins.call(
            session.core.socketPath, #"{"jsonrpc":"2.0","id":1,"method":"echo.say","params":{"text":"hi"}}"#)
        let answers = await session.client.readLines(calls)

        // Then every call gets -32004, those beyond the queue because the plugin is not reading, and the core,
        // the other plugin and the pinger are answered throughout
        #expect(answers.count == calls)
        #expect(answers.allSatisfy { $0.contains(#""code":-32004"#) && $0.contains(#""plugin":"stuck""#) })
        #expect(answers.contains { $0.contains("not reading its input") }, "\(answers.map { $0.prefix(200) })")
        #expect(other.contains(#""result":{"text": "hi"}"#), "\(other)")
        let tally = await pinger.stop()
        #expect(tally.answered > 0 && tally.unanswered.isEmpty, "\(tally)")
    }

    @Test func aPluginFloodingNotificationsIsRestartedAndTheCoreKeepsAnswering() async throws {
        // Given a plugin, a client watching plugin events, and a pinger
        let session = try CoreWithPlugins(plugins: [EchoPlugin.path])
        defer { session.stop() }
        try await session.waitUntilReady("echo")
        let watcher = try LineClient(path: session.core.socketPath)
        try watcher.send(
            #"{"jsonrpc":"2.0","id":1,"method":"events.subscribe","params":{"topics":["plugin.*"]}}"# + "\n")
        #expect(await watcher.readLine()?.contains(#""subscription""#) == true)
        let pinger = try Pinger(socketPath: session.core.socketPath)

        // When it publishes events without end
        let flood = try await session.call(#"{"jsonrpc":"2.0","id":1,"method":"echo.flood"}"#)

        // Then its call fails, it is killed as a flood and restarted, and the pinger got every answer
        #expect(flood.contains(#""code":-32004"#) && flood.contains(#""plugin":"echo""#), "\(flood)")
        var crashed: String?
        while crashed == nil, let line = await watcher.readLine(timeout: 10) {
            if line.contains(#""topic":"plugin.crashed""#) { crashed = line }
        }
        #expect(crashed?.contains("more than 1000 notifications in a second") == true, "\(crashed ?? "none")")
        let restarted = try await session.plugin("echo") { $0.state == "ready" && $0.restarts == 1 }
        #expect(restarted?.state == "ready" && restarted?.restarts == 1, "\(String(describing: restarted))")
        let tally = await pinger.stop()
        #expect(tally.answered > 0 && tally.unanswered.isEmpty, "\(tally)")
    }

    @Test func aPluginCrashingFiveTimesWithinAMinuteIsFailedWithItsReasonAndStderr() async throws {
        // Given a plugin that exits as soon as it starts, saying why on stderr
        let scratch = try TemporaryDirectory()
        let broken = try EchoPlugin.variant(
            "broken", in: scratch, ["ECHO_EXIT_AT_ONCE": "cannot read /nowhere/settings"])
        let session = try CoreWithPlugins(plugins: [broken])
        defer { session.stop() }
        let pinger = try Pinger(socketPath: session.core.socketPath)

        // When the core has restarted it after each crash (0.25 s, 0.5 s, 1 s, 2 s)
        let failed = try await session.plugin("broken") { $0.state == "failed" }

        // Then the fifth crash leaves it failed, with the reason and its last stderr lines, and no more restarts
        #expect(failed?.state == "failed", "\(String(describing: failed))")
        #expect(failed?.reason?.contains("it ended during getmanifest") == true, "\(String(describing: failed))")
        #expect(failed?.reason?.contains("5 crashes within 60 s") == true, "\(String(describing: failed?.reason))")
        #expect(failed?.restarts == 4)
        #expect(failed?.stderr?.last == "cannot read /nowhere/settings", "\(String(describing: failed?.stderr))")
        let tally = await pinger.stop()
        #expect(tally.answered > 0 && tally.unanswered.isEmpty, "\(tally)")
    }
}
