import Foundation
import Testing
import ToolkitTestSupport
import ToolkitTesting

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
        #expect(ready[3] == "7", "seven methods")
        let firstPid = try #require(Int32(ready[2]))

        // When it is stopped, then listed
        let stop = try runToolkit(["plugins", "stop", "echo"] + socket)
        #expect(stop.status == 0 && stop.stdout == "stopped echo\n", "\(stop.stdout)\(stop.stderr)")
        #expect(try await row(of: "echo", socket, until: "stopped")[2] == "-")

        // When it is started again, and restarted
        let start = try runToolkit(["plugins", "start", "echo"] + socket)
        #expect(start.status == 0 && start.stdout.hasPrefix("started echo (pid "), "\(start.stdout)\(start.stderr)")
        let restart = try runToolkit(["plugins", "restart", "echo"] + socket)
        #expect(restart.status == 0 && restart.stdout.hasPrefix("restarted echo (pid "), "\(restart.stderr)")
        let newPid = try await row(of: "echo", socket, until: "ready")[2]
        #expect(Int32(newPid) != firstPid && restart.stdout.contains("(pid \(newPid)"), "\(restart.stdout)")

        // Then an unknown name fails with the core's message, and --json is the raw result
        let unknown = try runToolkit(["plugins", "restart", "nobody"] + socket)
        #expect(unknown.status == 1 && unknown.stdout.isEmpty)
        #expect(unknown.stderr.contains("No plugin is named 'nobody'"), "\(unknown.stderr)")
        let json = try runToolkit(["plugins", "--json"] + socket)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let items = try #require(object["items"] as? [[String: Any]])
        #expect(items.first?["name"] as? String == "echo" && items.first?["state"] as? String == "ready")
        let verbose = try runToolkit(["plugins", "list", "-v"] + socket)
        #expect(verbose.stdout.contains("methods: echo.say, echo.fail") && verbose.stdout.contains("entry.beforeSave"))
    }

    /// The cells of `name`'s row in `toolkit plugins`, once its state is `state` (within 15 s).
    private func row(of name: String, _ socket: [String], until state: String) async throws -> [String] {
        let deadline = ContinuousClock.now + .seconds(15)
        var output = ""
        while ContinuousClock.now < deadline {
            let list = try runToolkit(["plugins"] + socket)
            output = list.stdout + list.stderr
            let cells = list.stdout.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
            if let row = cells.first(where: { $0.first == name }), row.count > 1, row[1] == state { return row }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw TestFailure("\(name) did not become \(state): \(output)")
    }
}
