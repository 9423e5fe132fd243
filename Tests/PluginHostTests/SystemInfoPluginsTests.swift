import Foundation
import Testing
import ToolkitTestSupport
import ToolkitCoreTesting

/// `system.info` names the plugins that are running: a plugin that is ready, not one that keeps failing its
/// `init`, nor one that was stopped.
@Suite(.serialized)
struct SystemInfoPluginsTests {
    @Test func systemInfoNamesTheRunningPluginsOnly() async throws {
        let scratch = try TemporaryDirectory()
        let broken = try EchoPlugin.variant("broken", in: scratch, ["ECHO_NAME": "broken", "ECHO_INIT": "fail"])
        let session = try CoreWithPlugins(plugins: [EchoPlugin.path, broken])
        defer { session.stop() }
        try await session.waitUntilReady("echo")
        let listed = try await session.plugin("broken") { $0.state != "starting" && $0.state != "handshaking" }
        #expect(listed?.state != "ready", "\(String(describing: listed))")

        #expect(try await runningPlugins(session) == ["echo"])

        _ = try await session.call(#"{"jsonrpc":"2.0","id":1,"method":"plugins.stop","params":{"name":"echo"}}"#)
        #expect(try await runningPlugins(session) == [])
    }

    /// What `system.info` says of the plugins.
    private func runningPlugins(_ session: CoreWithPlugins) async throws -> [String]? {
        let answer = try await session.call(#"{"jsonrpc":"2.0","id":"info","method":"system.info"}"#)
        let object = try JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any]
        return (object?["result"] as? [String: Any])?["plugins"] as? [String]
    }
}
