import Foundation
import JSONRPC
import Testing
import ToolkitAPI
import ToolkitTestSupport
import ToolkitCoreTesting

/// `toolkit doctor` with no core running opens the data directory itself: the database and the blob store.
struct OfflineDoctorTests {
    @Test func withNoCoreTheDatabaseAndTheBlobStoreAreChecked() async throws {
        let core = try CoreProcess()
        let client = try await RPCClient.connect(to: core.socketPath)
        _ = try await client.call(PetsCreate.self, .init(name: "보리"))
        await client.close()
        _ = core.stop()
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = core.directory.appending("config")
        let arguments = ["doctor", "--socket", core.directory.appending("none.sock"), "--data-dir", core.dataDirectory]

        let healthy = try await runToolkit(arguments, environment: environment)
        #expect(healthy.status == 0, "\(healthy.stdout)")
        #expect(healthy.stdout.contains("warn  core: not running"))
        #expect(healthy.stdout.contains("ok    database: integrity_check ok (offline, \(core.dataDirectory))"))
        #expect(healthy.stdout.contains("ok    blobs: \(core.dataDirectory)/blobs is there"))

        // The blob store gone: FAIL, status 70, and what to do.
        try FileManager.default.moveItem(atPath: core.dataDirectory + "/blobs", toPath: core.directory.appending("b"))
        let noBlobs = try await runToolkit(arguments + ["--json"], environment: environment)
        #expect(noBlobs.status == 70)
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(noBlobs.stdout.utf8)) as? [String: [[String: String]]])
        let blobs = try #require(report["checks"]?.first { $0["name"] == "blobs" })
        #expect(blobs["status"] == "FAIL" && blobs["detail"]?.contains("restore from an archive") == true)
        try FileManager.default.moveItem(atPath: core.directory.appending("b"), toPath: core.dataDirectory + "/blobs")

        // A database that is not one any more.
        for suffix in ["-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: core.dataDirectory + "/toolkit.sqlite" + suffix)
        }
        try Data(repeating: 0x5A, count: 8192).write(to: URL(fileURLWithPath: core.dataDirectory + "/toolkit.sqlite"))
        let broken = try await runToolkit(arguments, environment: environment)
        #expect(broken.status == 70)
        #expect(broken.stdout.contains("FAIL  database: "), "\(broken.stdout)")
    }
}
