import Foundation
import Testing
import ToolkitTestSupport
import ToolkitCoreTesting

/// `toolkit doctor`'s last check is the web app: found beside toolkit, its token private, answering or not.
struct DoctorWebTests {
    @Test func aRunningWebAppIsFoundAndAStoppedOneIsNoFault() async throws {
        let core = try CoreProcess()
        defer { core.stop() }
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = core.directory.appending("config")
        let output = core.directory.appending("web.out")
        let descriptor = open(output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        defer { close(descriptor) }
        let web = try ChildProcess(
            ToolkitBinary.path,
            ["web", "--socket", core.socketPath, "--data-dir", core.dataDirectory, "--listen", "127.0.0.1:0"],
            environment: environment, standardOutput: descriptor)
        defer { _ = web.stop(timeout: .seconds(10)) }
        let line = try await firstLine(writtenTo: output)
        // http://127.0.0.1:PORT/#token=…
        let address = try #require(line.split(separator: "/").dropFirst().first.map(String.init), "\(line)")

        let running = try await runToolkit(
            ["doctor", "--socket", core.socketPath, "--web", address], environment: environment)
        #expect(running.stdout.contains("ok    web: answering on http://\(address)/"), "\(running.stdout)")
        #expect(running.status == 0, "\(running.stderr)")

        _ = web.stop(timeout: .seconds(10))
        let stopped = try await runToolkit(
            ["doctor", "--socket", core.socketPath, "--web", address], environment: environment)
        #expect(stopped.stdout.contains("ok    web: not running on \(address)"), "\(stopped.stdout)")
    }

    @Test func aTokenFileOthersCanReadIsAWarningSayingWhatToDo() async throws {
        let core = try CoreProcess()
        defer { core.stop() }
        let config = core.directory.appending("config")
        try FileManager.default.createDirectory(atPath: config + "/toolkit", withIntermediateDirectories: true)
        let token = config + "/toolkit/web-token"
        try Data(String(repeating: "ab", count: 32).utf8).write(to: URL(fileURLWithPath: token))
        chmod(token, 0o644)
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = config

        let result = try await runToolkit(
            ["doctor", "--socket", core.socketPath, "--web", "127.0.0.1:1"], environment: environment)
        #expect(
            result.stdout.contains("warn  web: \(token) can be read by others (mode 644); chmod 600 it"),
            "\(result.stdout)")
    }
}
