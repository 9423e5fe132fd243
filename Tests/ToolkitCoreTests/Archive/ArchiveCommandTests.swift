import ChildProcesses
import Foundation
import Glibc
import JSONRPC
import Testing
import ToolkitAPI
import ToolkitTestSupport
import ToolkitCoreTesting

/// `toolkit archive` as cron runs it: the built binary, through the core or offline on the data directory.
struct ArchiveCommandTests {
    /// Takes the archive directory's lock as another run would, until `release`.
    final class HeldLock {
        let descriptor: Int32
        init(_ directory: String) throws {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            descriptor = open(directory + "/.toolkit-archive.lock", O_RDWR | O_CREAT, 0o600)
            guard descriptor >= 0, flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { throw TestFailure("no lock") }
        }
        func release() { close(descriptor) }
    }

    static func archiveNames(_ directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasSuffix(".tar.zst") }
            .sorted()
    }

    @Test func aHeldLockGivesStatus75ThroughTheCoreAndOfflineAndWaitWaitsForIt() async throws {
        let core = try CoreProcess()
        let archives = core.dataDirectory + "/archives"
        let lock = try HeldLock(archives)
        let busy = try await runToolkit(["archive", "--socket", core.socketPath])
        #expect(busy.status == 75, "\(busy.stderr)")
        #expect(busy.stderr.hasPrefix("toolkit: archive: Another archive run holds the lock on \(archives)"))
        #expect(busy.stderr.split(separator: "\n").count == 1 && busy.stdout.isEmpty)
        _ = core.stop()

        let offline = ["archive", "--socket", core.directory.appending("none.sock"), "--data-dir", core.dataDirectory]
        let busyOffline = try await runToolkit(offline)
        #expect(busyOffline.status == 75, "\(busyOffline.stderr)")
        #expect(Self.archiveNames(archives).isEmpty)

        // --wait: the run waits while the lock is held, then archives once it is released.
        let waiting = try ChildProcess(ToolkitBinary.path, offline + ["--wait"])
        try await Task.sleep(for: .milliseconds(300))
        #expect(!waiting.hasExited)
        #expect(Self.archiveNames(archives).isEmpty)
        lock.release()
        #expect(waiting.wait().termination == .exited(0))
        #expect(Self.archiveNames(archives).count == 1)
    }

    @Test func cronRunsAreQuietSayWhyAFullArchiveIsMadeAndPruneKeepsChainsWhole() async throws {
        let core = try CoreProcess()
        defer { _ = core.stop() }
        let client = try await RPCClient.connect(to: core.socketPath)
        let socket = ["--socket", core.socketPath]
        let archives = core.dataDirectory + "/archives"
        for number in 0..<3 {
            _ = try await client.call(PetsCreate.self, .init(name: "pet \(number)"))
            let run = try await runToolkit(["archive"] + socket)
            #expect(run.status == 0 && run.stdout.isEmpty && run.stderr.isEmpty, "\(run.stderr)")
        }
        let chain = Self.archiveNames(archives)
        #expect(chain.count == 3 && chain[0].hasSuffix("-full.tar.zst") && chain[2].hasSuffix("-incr.tar.zst"))

        // The newest archive changed since it was written: the next one is full, and says why.
        let newest = archives + "/" + chain[2]
        let handle = try #require(FileHandle(forWritingAtPath: newest))
        handle.seekToEndOfFile()
        handle.write(Data([0]))
        handle.closeFile()
        let full = try await client.call(ArchiveCreate.self, .init())
        #expect(full.kind == "full" && full.previous == nil)
        #expect(full.note?.contains("does not match the SHA-256 recorded") == true, "\(full.note ?? "")")
        let objects = try await ObjectClient.connect(to: core.socketPath)
        let changed = await objects.error("archive.verify", ["path": newest])
        #expect(changed?.code.rawValue == -32007, "the changed archive no longer verifies")
        await objects.close()
        // An unreadable archive stops pruning (its chain is unknown) until it is dealt with.
        // (-v adds the error's data, with its reason, to the message)
        let blocked = try await runToolkit(["archive", "prune", "--keep-last", "1", "-v"] + socket)
        #expect(blocked.status == 1 && blocked.stderr.contains("trailing-garbage"), "\(blocked.stderr)")
        #expect(Self.archiveNames(archives).count == 4)
        try FileManager.default.removeItem(atPath: newest)
        let kept = Array(chain.prefix(2))

        // keep-last 1 keeps the new full one; the old chain goes, but only without --dry-run.
        let dry = try await runToolkit(["archive", "prune", "--keep-last", "1", "--dry-run", "--json"] + socket)
        #expect(dry.status == 0, "\(dry.stderr)")
        let plan = try JSONDecoder().decode(ArchivePrune.Result.self, from: Data(dry.stdout.utf8))
        #expect(plan.dryRun && plan.removed.map(\.name) == kept && plan.kept.map(\.name) == [full.name])
        #expect(Self.archiveNames(archives) == kept + [full.name])

        // A kept incremental keeps its full parent, reported as needed by it.
        _ = try await client.call(PetsCreate.self, .init(name: "pet 4"))
        let next = try await runToolkit(["archive", "--keep-last", "1", "--json"] + socket)
        #expect(next.status == 0, "\(next.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(next.stdout.utf8)) as? [String: Any])
        #expect(report["mode"] as? String == "core")
        let prune = try #require(report["prune"] as? [String: Any])
        let keptNow = try #require(prune["kept"] as? [[String: Any]])
        #expect(keptNow.first?["name"] as? String == full.name)
        #expect((keptNow.first?["reasons"] as? [String])?.first?.hasPrefix("needed by ") == true)
        #expect(Self.archiveNames(archives).count == 2)
        #expect(!Self.archiveNames(archives).contains(chain[0]))
        await client.close()
    }

    @Test func verifyFindsADamagedMemberAndABrokenChain() async throws {
        let core = try CoreProcess()
        defer { _ = core.stop() }
        let client = try await RPCClient.connect(to: core.socketPath)
        let full = try await client.call(ArchiveCreate.self, .init())
        _ = try await client.call(PetsCreate.self, .init(name: "보리"))
        let incremental = try await client.call(ArchiveCreate.self, .init())
        let intact = try await client.call(ArchiveVerify.self, .init(path: incremental.path))
        #expect(intact.chain == [full.name, incremental.name] && intact.kind == "incremental")

        // A byte flipped in the middle of the full archive.
        var bytes = try Data(contentsOf: URL(fileURLWithPath: full.path))
        bytes[bytes.count / 2] ^= 0x55
        try bytes.write(to: URL(fileURLWithPath: full.path))
        let objects = try await ObjectClient.connect(to: core.socketPath)
        let damaged = await objects.error("archive.verify", ["path": full.path])
        #expect(damaged?.code.rawValue == -32007, "\(String(describing: damaged))")
        #expect(ObjectClient.data(of: damaged)["reason"] is String)
        let child = await objects.error("archive.verify", ["path": incremental.path])
        #expect(ObjectClient.data(of: child)["reason"] as? String == "parent-mismatch")
        #expect(ObjectClient.data(of: child)["entry"] as? String == full.name)
        let cli = try await runToolkit(["archive", "verify", "-v", "--socket", core.socketPath, incremental.path])
        #expect(cli.status == 1 && cli.stderr.contains("parent-mismatch"), "\(cli.stderr)")

        // The parent gone: the chain is broken, and restore refuses, leaving nothing behind.
        try FileManager.default.removeItem(atPath: full.path)
        let orphan = await objects.error("archive.verify", ["path": incremental.path])
        #expect(ObjectClient.data(of: orphan)["reason"] as? String == "missing-parent")
        let target = try TemporaryDirectory()
        let restore = await objects.error(
            "archive.restore", ["path": incremental.path, "into": target.appending("restored")])
        #expect(restore?.code.rawValue == -32007)
        #expect(target.listing().isEmpty)
        let missing = await objects.error("archive.verify", ["path": core.dataDirectory + "/archives/none.tar.zst"])
        #expect(missing?.code.rawValue == -32001)
        await objects.close()
        await client.close()
    }
}
