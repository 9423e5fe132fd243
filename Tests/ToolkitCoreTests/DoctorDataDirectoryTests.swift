import Foundation
import Testing
import ToolkitTestSupport
import ToolkitCoreTesting

/// `toolkit doctor` checks the data directory of the core it talks to, which need not be the default.
struct DoctorDataDirectoryTests {
    @Test func theDataCheckIsOfTheCoresDataDirectoryNotTheDefault() async throws {
        let core = try CoreProcess()
        defer { core.stop() }
        let elsewhere = try TemporaryDirectory()
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = core.directory.appending("config")
        environment["XDG_DATA_HOME"] = elsewhere.appending("share")
        environment["TOOLKIT_DATA_DIR"] = nil

        let result = try await runToolkit(["doctor", "--socket", core.socketPath], environment: environment)

        #expect(result.stdout.contains("ok    core: answering on \(core.socketPath)"), "\(result.stdout)")
        #expect(
            result.stdout.contains("ok    data: \(core.dataDirectory) is writable (the core's)"), "\(result.stdout)")
        #expect(!result.stdout.contains(elsewhere.appending("share")), "\(result.stdout)")
    }
}
