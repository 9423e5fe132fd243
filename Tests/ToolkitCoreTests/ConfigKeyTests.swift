import Foundation
import Testing
import ToolkitTestSupport
import ToolkitCoreTesting

/// A config key the core does not know stops `toolkit serve` before it touches anything, naming the key and the
/// nearest known one; the keys under `plugins.options` are each plugin's own and pass.
struct ConfigKeyTests {
    @Test(arguments: [
        (#"{"datadir": "/srv/toolkit"}"#, #"unknown key "datadir"; did you mean "dataDir"?"#),
        (#"{"plugins": {"callTimout": 5}}"#, #"unknown key "plugins.callTimout"; did you mean "plugins.callTimeout"?"#),
        (
            #"{"limits": {"maxMessageByte": 4096}}"#,
            #"unknown key "limits.maxMessageByte"; did you mean "limits.maxMessageBytes"?"#
        ),
        (#"{"mcp": {"root": ["/srv"]}}"#, #"unknown key "mcp.root"; did you mean "mcp.roots"?"#),
        (#"{"web": {"host": ["pets.lan"]}}"#, #"unknown key "web.host"; did you mean "web.hosts"?"#),
        (#"{"colour": "red"}"#, #"unknown key "colour"; the keys known at the top are socket, dataDir, archiveDir, "#),
        (#"{"access": {"users": [1001]}}"#, #"unknown key "access.users"; the keys known in access are uids, gids."#),
    ])
    func anUnknownKeyStopsTheCoreNamingTheNearestKnownOne(config: String, message: String) async throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("config.json", Array(config.utf8))
        let data = directory.appending("data")

        let result = try await runToolkit([
            "serve", "--config", file, "--socket", directory.appending("s.sock"), "--data-dir", data,
        ])

        #expect(result.status == 78)
        #expect(result.stderr.contains("config \(file): \(message)"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: data), "the data directory was made")
    }

    @Test func aPluginsOwnOptionsAreNotTheCoresToRefuse() async throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(
            "config.json", Array(#"{"plugins": {"options": {"someone-elses": {"anyKey": 1}}}}"#.utf8))
        let core = try CoreProcess(extraArguments: ["--config", file])
        let ping = try await runToolkit(["call", "--socket", core.socketPath, "system.ping"])
        #expect(ping.status == 0, "\(ping.stderr)")
        #expect(core.stop() == 0)
    }
}
