import Foundation
import Glibc
import JSONRPC
import Testing
import ToolkitAPI
import ToolkitTestSupport
import ToolkitCoreTesting

/// `kill -9` of an offline `toolkit archive` while it writes: no file under an archive's final name is
/// partial or unverified, and the next run succeeds and cleans up.
struct ArchiveCrashTests {
    @Test func aKilledOfflineRunLeavesNoPartialArchiveAndTheNextRunSucceeds() async throws {
        let core = try CoreProcess()
        let client = try await RPCClient.connect(to: core.socketPath)
        let files = try TemporaryDirectory()
        let album = try await client.call(AlbumsCreate.self, .init(title: "많이"))
        for number in 0..<24 {
            // Incompressible, so that writing and verifying an archive takes a while on any machine.
            let padding = pseudoRandomBytes(1_500_000, seed: UInt64(2 * number + 1))
            let jpeg = try MediaSamples.fixture("landscape-64x32.jpg") + padding
            let path = try files.write("p\(number).jpg", jpeg)
            _ = try await client.call(PhotosImport.self, .init(albumId: album.id, path: path))
        }
        await client.close()
        _ = core.stop()
        let archives = core.dataDirectory + "/archives"
        let options = ["--socket", core.directory.appending("none.sock"), "--data-dir", core.dataDirectory]
        let offline = ["archive"] + options

        var killedMidway = 0
        for round in 0..<5 {
            let run = try ChildProcess(ToolkitBinary.path, offline)
            // Kill once the archive is being written (its temp file is there): at once in the first round, so
            // that one kill surely lands mid-write however fast or loaded the machine is, then at random moments.
            while !run.hasExited && !Self.isWriting(archives) { usleep(500) }
            if round > 0 { try await Task.sleep(for: .milliseconds(Int.random(in: 0...100))) }
            if !run.hasExited { killedMidway += 1 }
            run.send(SIGKILL)
            _ = run.wait()
            // Whatever is under a final name reads back whole, with its chain.
            for name in ArchiveCommandTests.archiveNames(archives) where !name.hasPrefix(".") {
                let check = try await runToolkit(["archive", "verify", archives + "/" + name] + options)
                #expect(check.status == 0, "round \(round): \(name): \(check.stderr)")
                // Gone again, so that the next round writes a full archive, not an empty incremental one.
                try FileManager.default.removeItem(atPath: archives + "/" + name)
            }
        }
        #expect(killedMidway > 0, "at least one run was killed before it finished")

        let next = try await runToolkit(offline + ["--json"])
        #expect(next.status == 0, "\(next.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(next.stdout.utf8)) as? [String: Any])
        #expect(report["mode"] as? String == "offline")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: archives).filter {
            $0.contains(".part-") || $0.hasSuffix(".unverified")
        }
        #expect(leftovers.isEmpty, "\(leftovers)")
        let restored = try TemporaryDirectory()
        let created = try #require(report["create"] as? [String: Any])
        let path = try #require(created["path"] as? String)
        let restore = try await runToolkit(
            ["archive", "restore", path, "--into", restored.appending("diary")] + options)
        #expect(restore.status == 0, "\(restore.stderr)")
        #expect(restore.stderr.contains("24 photos"), "\(restore.stderr)")
    }

    /// Whether a run is writing an archive in `directory`: the writer's `.NAME.part-*` or an unverified archive.
    static func isWriting(_ directory: String) -> Bool {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).contains {
            $0.hasPrefix(".") && ($0.contains(".part-") || $0.hasSuffix(".unverified"))
        }
    }
}
