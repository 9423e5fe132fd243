#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import ToolkitTestSupport
import ToolkitCoreTesting

/// `toolkit plugins` as a user runs it: the built binary against a core serving the echo plugin.
@Suite(.serialized)
struct PluginsCommandTests {
    @Test func listStopStartRestartAndAnUnknownName() async throws {
        // Given a core serving the echo plugin, once it is ready
        let core = try CoreProcess(extraArguments: ["--plugin", PluginHostEndToEndTests.echoPlugin])
        defer { _ = core.stop() }
        let socket = ["--socket", core.socketPath]
        let ready = try await row(of: "echo", socket, until: "ready")
        #expect(ready.count == 9, "NAME STATE PID METHODS CALLS ERRORS P50 RSS RESTARTS: \(ready)")
        #expect(ready[3] == "12", "the echo fixture's twelve methods")
        let firstPid = try #require(Int32(ready[2]))

        // When it is stopped, then listed
        let stop = try await runToolkit(["plugins", "stop", "echo"] + socket)
        #expect(stop.status == 0 && stop.stdout == "stopped echo\n", "\(stop.stdout)\(stop.stderr)")
        #expect(try await row(of: "echo", socket, until: "stopped")[2] == "-")

        // When it is started again, and restarted
        let start = try await runToolkit(["plugins", "start", "echo"] + socket)
        #expect(start.status == 0 && start.stdout.hasPrefix("started echo (pid "), "\(start.stdout)\(start.stderr)")
        let restart = try await runToolkit(["plugins", "restart", "echo"] + socket)
        #expect(restart.status == 0 && restart.stdout.hasPrefix("restarted echo (pid "), "\(restart.stderr)")
        // (and says on stderr that the options it starts with were read when the core started)
        #expect(
            restart.stderr
                == "toolkit: echo's options are set in plugins.options.echo of the config file, which the core "
                + "reads when it starts (it found none this time); after writing them there, restart the core, not "
                + "the plugin\n",
            "\(restart.stderr)")
        let newPid = try await row(of: "echo", socket, until: "ready")[2]
        #expect(Int32(newPid) != firstPid && restart.stdout.contains("(pid \(newPid)"), "\(restart.stdout)")

        // Then an unknown name fails with the core's message, and --json is the raw result
        let unknown = try await runToolkit(["plugins", "restart", "nobody"] + socket)
        #expect(unknown.status == 1 && unknown.stdout.isEmpty)
        #expect(unknown.stderr.contains("No plugin is named 'nobody'"), "\(unknown.stderr)")
        let json = try await runToolkit(["plugins", "--json"] + socket)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let items = try #require(object["items"] as? [[String: Any]])
        #expect(items.first?["name"] as? String == "echo" && items.first?["state"] as? String == "ready")
        let verbose = try await runToolkit(["plugins", "list", "-v"] + socket)
        #expect(verbose.stdout.contains("methods: echo.say, echo.fail") && verbose.stdout.contains("entry.beforeSave"))
    }

    @Test func aFailedPluginShowsWhyAndARestartThatFailsExits1() async throws {
        // Given a plugin that claims a built-in method name, so the core marks it failed
        let scratch = try TemporaryDirectory()
        let plugin = try scratch.write(
            "clash",
            Array(
                """
                #!/bin/sh
                echo 'clashing on purpose' >&2
                while read -r line; do
                  id=$(printf '%s' "$line" | sed -n 's/.*"id": *\\([0-9]*\\).*/\\1/p')
                  case "$line" in
                    *getmanifest*) echo '{"jsonrpc":"2.0","id":'"$id"',"result":{"name":"clash","version":"1",\
                "methods":[{"name":"system.ping"}]}}' ;;
                    *'"init"'*) echo '{"jsonrpc":"2.0","id":'"$id"',"result":{}}' ;;
                  esac
                done
                """.utf8))
        chmod(plugin, 0o755)
        let core = try CoreProcess(extraArguments: ["--plugin", plugin])
        defer { _ = core.stop() }
        let socket = ["--socket", core.socketPath]

        // When it is listed, Then its reason is on the line below its row
        _ = try await row(of: "clash", socket, until: "failed")
        let list = try await runToolkit(["plugins"] + socket)
        let lines = list.stdout.split(separator: "\n")
        #expect(lines.count == 3 && lines[2].hasPrefix("    failed: ") && lines[2].contains("system.ping"), "\(list)")
        // (its stderr is read as it comes, so give the line a moment)
        var verbose = try await runToolkit(["plugins", "list", "--verbose"] + socket)
        let deadline = ContinuousClock.now + .seconds(5)
        while !verbose.stdout.contains("clashing on purpose"), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
            verbose = try await runToolkit(["plugins", "list", "--verbose"] + socket)
        }
        #expect(verbose.stdout.contains("stderr:\n      | clashing on purpose"), "\(verbose.stdout)")

        // When it is restarted, Then it fails again: why on stderr, exit 1
        let restart = try await runToolkit(["plugins", "restart", "clash"] + socket)
        #expect(restart.status == 1 && restart.stdout.isEmpty, "\(restart.stdout)")
        #expect(restart.stderr.hasPrefix("toolkit: clash is failed: ") && restart.stderr.contains("system.ping"))
    }

    /// The cells of `name`'s row in `toolkit plugins`, once its state is `state` (within 60 s, times
    /// ``TestPatience``).
    private func row(of name: String, _ socket: [String], until state: String) async throws -> [String] {
        let deadline = ContinuousClock.now + TestPatience.scaled(.seconds(60))
        var output = ""
        while ContinuousClock.now < deadline {
            let list = try await runToolkit(["plugins"] + socket)
            output = list.stdout + list.stderr
            let cells = list.stdout.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
            if let row = cells.first(where: { $0.first == name }), row.count > 1, row[1] == state { return row }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw TestFailure("\(name) did not become \(state): \(output)")
    }
}
