import Foundation
import Testing
import ToolkitTestSupport
import ToolkitCoreTesting

/// `entry.beforeSave` answered by a plugin that hangs past the hook's deadline: its `onFailure` decides.
@Suite(.serialized)
struct PluginHookDeadlineTests {
    /// The core with the echo plugin declaring `entry.beforeSave` with a 0.3 s timeout, then sleeping 3 s in it.
    private func hangingHook(onFailure: String, in scratch: TemporaryDirectory) async throws -> CoreWithPlugins {
        let plugin = try EchoPlugin.variant(
            "echo", in: scratch,
            ["ECHO_HOOK_SLEEP": "3", "ECHO_HOOK_TIMEOUT": "0.3", "ECHO_HOOK_FAILURE": onFailure])
        let session = try CoreWithPlugins(plugins: [plugin])
        try await session.waitUntilReady("echo")
        return session
    }

    @Test func aHangingHookThatFailsOpenLetsTheEntryBeSavedUnchanged() async throws {
        let scratch = try TemporaryDirectory()
        let session = try await hangingHook(onFailure: "continue", in: scratch)
        defer { session.stop() }
        let pinger = try Pinger(socketPath: session.core.socketPath)

        let created = try await session.call(
            #"{"jsonrpc":"2.0","id":1,"method":"diary.create","params":{"title":"walk","body":"b"}}"#)

        #expect(created.contains(#""result""#) && created.contains(#""title":"walk""#), "\(created)")
        let list = try await session.call(#"{"jsonrpc":"2.0","id":2,"method":"diary.list"}"#)
        #expect(list.contains(#""title":"walk""#), "\(list)")
        let tally = await pinger.stop()
        #expect(tally.answered > 0 && tally.unanswered.isEmpty, "\(tally)")
    }

    @Test func aHangingHookThatFailsClosedRefusesTheEntryNamingPluginAndHook() async throws {
        let scratch = try TemporaryDirectory()
        let session = try await hangingHook(onFailure: "reject", in: scratch)
        defer { session.stop() }
        let pinger = try Pinger(socketPath: session.core.socketPath)

        let refused = try await session.call(
            #"{"jsonrpc":"2.0","id":1,"method":"diary.create","params":{"title":"walk","body":"b"}}"#)

        #expect(refused.contains(#""code":-32004"#), "\(refused)")
        #expect(
            refused.contains(#""data":{"plugin":"echo","hook":"entry.beforeSave","reason":"failed"}"#), "\(refused)")
        #expect(refused.contains("fails closed"), "\(refused)")
        let list = try await session.call(#"{"jsonrpc":"2.0","id":2,"method":"diary.list"}"#)
        #expect(!list.contains(#""title":"walk"#), "a refused entry is not stored: \(list)")
        let tally = await pinger.stop()
        #expect(tally.answered > 0 && tally.unanswered.isEmpty, "\(tally)")
    }
}
