import Foundation
import Testing
import ToolkitTestSupport
import ToolkitCoreTesting

/// The core accepts clients, and tells systemd it is ready, only once the plugins found at start have settled:
/// a script that starts the core and calls a plugin's method at once gets the plugin's answer.
@Suite(.serialized)
struct StartupReadinessTests {
    /// An echo plugin that takes half a second to answer `getmanifest`.
    private func slowPlugin(in scratch: TemporaryDirectory) throws -> String {
        try EchoPlugin.variant("echo", in: scratch, ["ECHO_MANIFEST_DELAY": "0.5"])
    }

    @Test func aClientConnectingAsSoonAsTheSocketExistsGetsTheSlowPluginsAnswer() async throws {
        // Given a core started with a plugin slow to hand over its manifest (CoreWithPlugins connects as soon
        // as the socket file takes connections)
        let scratch = try TemporaryDirectory()
        let session = try CoreWithPlugins(plugins: [try slowPlugin(in: scratch)])
        defer { session.stop() }

        // When the client calls the plugin's method at once
        let answer = try await session.call(
            #"{"jsonrpc":"2.0","id":1,"method":"echo.say","params":{"text":"first"}}"#)

        // Then it gets the plugin's answer, not -32601
        #expect(answer.contains(#""result":{"text": "first"}"#), "\(answer)")
    }

    @Test func systemdIsToldReadyOnlyOnceThePluginIsReadyAndStoppingAtShutdown() async throws {
        let scratch = try TemporaryDirectory()
        let notify = try NotifySocket(in: scratch)
        let core = try CoreProcess(
            extraArguments: ["--plugin", try slowPlugin(in: scratch)], environment: ["NOTIFY_SOCKET": notify.address])

        let ready = notify.receive()
        let list = try await CoreWithPlugins.call(core.socketPath, #"{"jsonrpc":"2.0","id":1,"method":"plugins.list"}"#)
        core.stop()
        let stopping = notify.receive()

        #expect(ready == "READY=1")
        #expect(list.contains(#""name":"echo""#) && list.contains(#""state":"ready""#), "\(list)")
        #expect(stopping == "STOPPING=1")
    }

    @Test func anAbstractNotifySocketIsToldReadyToo() async throws {
        let scratch = try TemporaryDirectory()
        let notify = try NotifySocket(
            in: scratch, abstractName: "toolkit-test-\(getpid())-\(UInt32.random(in: 0...1_000_000))")
        let core = try CoreProcess(environment: ["NOTIFY_SOCKET": notify.address])
        defer { core.stop() }

        #expect(notify.receive() == "READY=1")
    }

    @Test func aPluginCallingTheCoreDuringItsHandshakeIsServedBeforeClientsAre() async throws {
        // Given a plugin that calls system.ping on the core's socket before it answers init
        let scratch = try TemporaryDirectory()
        let plugin = try EchoPlugin.variant("echo", in: scratch, ["ECHO_INIT": "ping-core"])

        // When the core starts it
        let session = try CoreWithPlugins(plugins: [plugin])
        defer { session.stop() }

        // Then its call was answered within its handshake: it is ready without a restart (its stderr, which
        // says what the ping got, is read apart from its stdout, so it may come in after the handshake ends)
        let echo = try await session.plugin("echo") { plugin in
            plugin.state == "ready" && plugin.stderr?.contains { $0.hasPrefix("init pinged the core: ") } == true
        }
        #expect(echo?.state == "ready" && echo?.restarts == 0, "\(String(describing: echo))")
        let pinged = echo?.stderr?.first { $0.hasPrefix("init pinged the core: ") } ?? ""
        #expect(pinged.contains(#""result":"pong""#), "\(String(describing: echo))")
    }
}
