import Foundation
import JSONRPC
import Testing
import ToolkitAPI
import ToolkitTestSupport
import ToolkitCoreTesting

/// The backup-copy plugin loaded by the built core, copying to a real sftp remote (`rclone serve sftp`), and
/// `toolkit archive verify|restore` reading that remote: what a user who sets a backup destination late
/// gets back from it alone.
@Suite(.serialized)
struct BackupChainRestoreTests {
    static let plugin = ToolkitBinary.packageRoot + "/Plugins/backup-copy/backup-copy"

    @Test func aDestinationSetAfterThreeArchivesRestoresAloneIntoAnEmptyDataDirectory() async throws {
        // Given a diary with three archives (full, incremental, incremental) and no backup destination
        let remote = try SFTPRemote()
        defer { remote.stop() }
        let files = try TemporaryDirectory()
        let first = try CoreProcess()
        var client = try await RPCClient.connect(to: first.socketPath)
        let fixture = try await ExportFixture.make(with: client, files: files)
        _ = try await client.call(ArchiveCreate.self, .init())
        let photo = try files.write("late.jpg", try MediaSamples.paddedJPEG(number: 5, size: 60_000))
        _ = try await client.call(PhotosImport.self, .init(albumId: fixture.boreeAlbum.id, path: photo))
        _ = try await client.call(ArchiveCreate.self, .init())
        _ = try await client.call(PetsUpdate.self, .init(id: fixture.kong.id, notes: "낮잠 대장"))
        let third = try await client.call(ArchiveCreate.self, .init())
        #expect(third.kind == "incremental")
        await client.close()
        _ = first.stop()

        // When the destination is set in the config and the core restarts with the plugin
        let config = try files.write(
            "config.json",
            Array(
                """
                {"plugins": {"options": {"backup-copy": {"destination": "remote:backups",
                                                         "rcloneConfig": "\(remote.configFile)"}}}}
                """.utf8))
        let core = try CoreProcess(
            extraArguments: ["--plugin", Self.plugin, "--config", config], dataDirectory: first.dataDirectory)
        defer { _ = core.stop() }
        client = try await RPCClient.connect(to: core.socketPath)
        defer { Task { [client] in await client.close() } }

        // Then plugins.list and toolkit doctor say the destination misses the three archives
        let warning = try await Self.eventually("backup-copy's warning") {
            try await Self.backupCopy(client)?.warning
        }
        #expect(warning.contains("the backup at remote:backups misses 3 of the 3 archives"), "\(warning)")
        #expect(warning.contains(third.name) && warning.contains("toolkit call backup.copy path=\(third.path)"))
        let doctor = try await runToolkit(["doctor", "--socket", core.socketPath])
        #expect(
            doctor.stdout.contains("warn  plugin backup-copy: the backup at remote:backups misses 3 of the 3"),
            "\(doctor.stdout)")
        let table = try await runToolkit(["plugins", "--socket", core.socketPath])
        #expect(table.stdout.contains("    warning: the backup at remote:backups misses 3"), "\(table.stdout)")

        // When the next archive is made
        _ = try await client.call(PetsCreate.self, .init(name: "두부", species: "rabbit"))
        let fourth = try await client.call(ArchiveCreate.self, .init())
        let archives = first.dataDirectory + "/archives"
        let names = try FileManager.default.contentsOfDirectory(atPath: archives).filter { !$0.hasPrefix(".") }
        #expect(names.count == 4)

        // Then all four reach the destination, byte for byte, and the warning goes away
        let backups = remote.directory.appending("backups")
        _ = try await Self.eventually("the whole chain at the destination") { () async throws -> Bool? in
            let warning = try await Self.backupCopy(client)?.warning
            let copied = (try? FileManager.default.contentsOfDirectory(atPath: backups)) ?? []
            return warning == nil && Set(copied) == Set(names) ? true : nil
        }
        for name in names {
            #expect(
                FileManager.default.contents(atPath: backups + "/" + name)
                    == FileManager.default.contents(atPath: archives + "/" + name), "\(name)")
        }
        let expected = try await DiaryContents.capture(client, dataDirectory: core.dataDirectory)
        await client.close()
        _ = core.stop()

        // When the local archives are gone and the diary is restored from the remote alone
        try FileManager.default.removeItem(atPath: archives)
        var environment = ProcessInfo.processInfo.environment
        environment["RCLONE_CONFIG"] = remote.configFile
        environment["XDG_CACHE_HOME"] = files.appending("cache")
        let offline = ["--socket", files.appending("none.sock"), "--data-dir", first.dataDirectory]
        let verify = try await runToolkit(["archive", "verify", "remote:backups"] + offline, environment: environment)
        #expect(verify.status == 0, "\(verify.stderr)")
        #expect(verify.stdout.hasPrefix("OK remote:backups/\(fourth.name): incremental, "), "\(verify.stdout)")
        #expect(verify.stdout.contains("chain \(names.sorted().joined(separator: " <- "))"), "\(verify.stdout)")
        let restored = files.appending("restored")
        try FileManager.default.createDirectory(atPath: restored, withIntermediateDirectories: true)
        let restore = try await runToolkit(
            ["archive", "restore", "remote:backups", "--into", restored] + offline, environment: environment)
        #expect(restore.status == 0, "\(restore.stderr)")
        #expect(restore.stderr.contains("from 4 archives"), "\(restore.stderr)")
        #expect((try? FileManager.default.contentsOfDirectory(atPath: files.appending("cache/toolkit"))) == [])

        // Then a core serving the restored directory shows the same diary
        let served = try CoreProcess(dataDirectory: restored)
        defer { _ = served.stop() }
        let reader = try await RPCClient.connect(to: served.socketPath)
        let contents = try await DiaryContents.capture(reader, dataDirectory: restored)
        await reader.close()
        #expect(contents == expected, "\(contents) vs \(expected)")
        #expect(contents.pets.map(\.name).contains("두부"))
    }

    @Test func aRemoteThatMissesAParentOrCannotBeReachedIsRefusedWithWhy() async throws {
        // Given a remote that holds only an incremental archive
        let remote = try SFTPRemote()
        defer { remote.stop() }
        let core = try CoreProcess()
        let client = try await RPCClient.connect(to: core.socketPath)
        _ = try await client.call(PetsCreate.self, .init(name: "보리"))
        let full = try await client.call(ArchiveCreate.self, .init())
        _ = try await client.call(PetsCreate.self, .init(name: "콩이"))
        let incremental = try await client.call(ArchiveCreate.self, .init())
        await client.close()
        _ = core.stop()
        let files = try TemporaryDirectory()
        try FileManager.default.createDirectory(
            atPath: remote.directory.appending("backups"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: incremental.path, toPath: remote.directory.appending("backups/" + incremental.name))
        var environment = ProcessInfo.processInfo.environment
        environment["RCLONE_CONFIG"] = remote.configFile
        environment["XDG_CACHE_HOME"] = files.appending("cache")
        let offline = ["--socket", files.appending("none.sock"), "--data-dir", core.dataDirectory]

        // When it is verified, Then the missing full archive is named and nothing is left behind
        let verify = try await runToolkit(["archive", "verify", "remote:backups"] + offline, environment: environment)
        #expect(verify.status == 1, "\(verify.stdout)")
        #expect(
            verify.stderr.contains(
                "\(incremental.name) builds on \(full.name), which is not at remote:backups: the archives there "
                    + "cannot restore \(incremental.name)"), "\(verify.stderr)")
        #expect((try? FileManager.default.contentsOfDirectory(atPath: files.appending("cache/toolkit"))) == [])

        // When the remote is not known to rclone, Then restore says so and makes nothing
        let target = files.appending("restored")
        let unknown = try await runToolkit(
            ["archive", "restore", "nowhere:backups", "--into", target] + offline, environment: environment)
        #expect(unknown.status == 1 && unknown.stderr.contains("rclone could not list nowhere:backups"), "\(unknown)")
        #expect(!FileManager.default.fileExists(atPath: target))

        // When rclone is not on PATH, Then the message says to install it
        environment["PATH"] = files.path
        let missing = try await runToolkit(["archive", "verify", "remote:backups"] + offline, environment: environment)
        #expect(missing.status == 1 && missing.stderr.contains("rclone is not installed"), "\(missing.stderr)")
    }

    /// backup-copy's record in `plugins.list`, once it is ready.
    static func backupCopy(_ client: RPCClient) async throws -> PluginRecord? {
        try await client.call(PluginsList.self).items.first { $0.name == "backup-copy" && $0.state == "ready" }
    }

    /// Polls `probe` every 100 ms until it gives a value, for at most 120 s (times ``TestPatience``).
    static func eventually<Value>(_ what: String, _ probe: () async throws -> Value?) async throws -> Value {
        let deadline = ContinuousClock.now + TestPatience.scaled(.seconds(120))
        while ContinuousClock.now < deadline {
            if let value = try await probe() { return value }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw TestFailure("timed out waiting for \(what)")
    }
}
