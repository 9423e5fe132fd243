import Foundation
import Testing
import ToolkitCore
import ToolkitTestSupport
import ToolkitCoreTesting

/// The config's `videoTranscode`: `auto` unless set, shown by `system.info`, and a clear error for a word that
/// is not a policy.
struct VideoTranscodePolicyTests {
    @Test func thePolicyIsReadFromTheConfigAndShownBySystemInfo() async throws {
        let scratch = try TemporaryDirectory()
        let unset = try ToolkitConfiguration.resolve(.init(), environment: ["HOME": scratch.path])
        #expect(unset.videoTranscode == .auto)
        for policy in VideoTranscodePolicy.allCases {
            let file = try scratch.write("\(policy).json", Array(#"{"videoTranscode": "\#(policy.rawValue)"}"#.utf8))
            let resolved = try ToolkitConfiguration.resolve(.init(configFile: file), environment: [:])
            #expect(resolved.videoTranscode == policy)
        }

        let server = try await InProcessServer { $0.videoTranscode = .always }
        let client = try await ObjectClient.connect(to: server.socketPath)
        #expect(try await client.object("system.info")["videoTranscode"] as? String == "always")
        await client.close()
        await server.stop()
    }

    @Test func aWordThatIsNotAPolicyIsABadConfigurationNamingTheKey() async throws {
        let scratch = try TemporaryDirectory()
        let config = try scratch.write("bad.json", Array(#"{"videoTranscode": "sometimes"}"#.utf8))
        let result = try await runToolkit(
            [
                "serve", "--config", config, "--socket", scratch.appending("s.sock"), "--data-dir",
                scratch.appending("d"),
            ])
        #expect(result.status == 78)
        #expect(
            result.stderr.contains("videoTranscode 'sometimes' is not a policy; use one of auto, always, never."),
            "\(result.stderr)")
    }
}
