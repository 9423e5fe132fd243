import Foundation
import JSONRPC
import Testing
import ToolkitAPI
import ToolkitTestSupport
import ToolkitCoreTesting

/// `toolkit restore` (DESIGN's name for `toolkit archive restore`) and the config file's `archiveDir`, through
/// the built binary, with the core and without.
struct RestoreAndArchiveDirectoryTests {
    static func environment(config: String) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = config
        for name in ["TOOLKIT_CONFIG", "TOOLKIT_DATA_DIR", "TOOLKIT_SOCKET"] { environment[name] = nil }
        return environment
    }

    /// The pets' names a core serving `dataDirectory` lists.
    static func petNames(servedFrom dataDirectory: String) async throws -> [String] {
        let core = try CoreProcess(dataDirectory: dataDirectory)
        defer { _ = core.stop() }
        let client = try await RPCClient.connect(to: core.socketPath)
        defer { Task { await client.close() } }
        return try await client.call(PetsList.self, .init(order: "oldest", limit: 500)).items.map(\.name)
    }

    @Test func toolkitRestoreRebuildsADataDirectoryWithAndWithoutACore() async throws {
        let core = try CoreProcess()
        let client = try await RPCClient.connect(to: core.socketPath)
        _ = try await client.call(PetsCreate.self, .init(name: "보리"))
        let full = try await client.call(ArchiveCreate.self, .init())
        _ = try await client.call(PetsCreate.self, .init(name: "콩이"))
        let incremental = try await client.call(ArchiveCreate.self, .init())
        await client.close()
        let target = try TemporaryDirectory()

        // Through the core: the state of the full archive.
        let viaCore = try await runToolkit(
            ["restore", "--socket", core.socketPath, full.path, "--into", target.appending("first")])
        #expect(viaCore.status == 0, "\(viaCore.stderr)")
        #expect(viaCore.stdout == target.appending("first") + "\n")
        #expect(viaCore.stderr.contains("restored 1 pet, "), "\(viaCore.stderr)")
        _ = core.stop()
        #expect(try await Self.petNames(servedFrom: target.appending("first")) == ["보리"])

        // Offline, relative paths: the incremental's state, from its chain.
        let environment = Self.environment(config: core.directory.appending("config"))
        let offline = try await runToolkit(
            [
                "restore", "--socket", core.directory.appending("none.sock"), "--data-dir", core.dataDirectory,
                incremental.path, "--into", "second",
            ], environment: environment, in: target.path)
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(offline.stderr.contains("restored 2 pets"), "\(offline.stderr)")
        #expect(try await Self.petNames(servedFrom: target.appending("second")) == ["보리", "콩이"])

        // A directory that is not empty is refused with the alias's own name, and left as it was.
        let refused = try await runToolkit(
            ["restore", "--socket", core.directory.appending("none.sock"), incremental.path, "--into", "second"],
            environment: environment, in: target.path)
        #expect(refused.status == 1 && refused.stderr.hasPrefix("toolkit: restore: "), "\(refused.stderr)")
        let help = try await runToolkit(["restore", "--help"])
        #expect(help.stdout.contains("docs/bundles.md") && help.stdout.contains("--into"))
    }

    @Test func theConfigFilesArchiveDirIsWhereTheCoreAndTheOfflineCommandPutArchives() async throws {
        let config = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: config.appending("toolkit"), withIntermediateDirectories: true)
        let archives = config.appending("backups/toolkit")
        try Data(#"{"archiveDir": "\#(archives)"}"#.utf8).write(
            to: URL(fileURLWithPath: config.appending("toolkit/config.json")))
        let environment = Self.environment(config: config.path)
        let core = try CoreProcess(environment: ["XDG_CONFIG_HOME": config.path])
        let client = try await RPCClient.connect(to: core.socketPath)
        _ = try await client.call(PetsCreate.self, .init(name: "보리"))
        let full = try await client.call(ArchiveCreate.self, .init())
        #expect(full.path.hasPrefix(archives + "/") && full.kind == "full")
        _ = try await client.call(PetsCreate.self, .init(name: "콩이"))
        await client.close()
        _ = core.stop()

        // Offline, the same config: the next archive goes beside it, incremental; list looks there too.
        let offline = ["--socket", core.directory.appending("none.sock"), "--data-dir", core.dataDirectory]
        let run = try await runToolkit(["archive", "--json"] + offline, environment: environment)
        #expect(run.status == 0, "\(run.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let create = try #require(report["create"] as? [String: Any])
        #expect(report["mode"] as? String == "offline")
        #expect(
            (create["path"] as? String)?.hasPrefix(archives + "/") == true && create["kind"] as? String == "incremental"
        )
        let list = try await runToolkit(["archive", "list", "--json"] + offline, environment: environment)
        #expect(list.status == 0 && list.stdout.contains(full.name), "\(list.stderr)")
        #expect(!FileManager.default.fileExists(atPath: core.dataDirectory + "/archives"))
        // --to still wins over the config.
        let elsewhere = try TemporaryDirectory()
        let to = try await runToolkit(["archive", "--to", elsewhere.path] + offline, environment: environment)
        #expect(to.status == 0 && ArchiveCommandTests.archiveNames(elsewhere.path).count == 1, "\(to.stderr)")

        // A relative archiveDir is bad configuration: 78, and why.
        try Data(#"{"archiveDir": "backups"}"#.utf8).write(
            to: URL(fileURLWithPath: config.appending("toolkit/config.json")))
        let relative = try await runToolkit(["archive"] + offline, environment: environment)
        #expect(relative.status == 78 && relative.stderr.contains("archiveDir 'backups' is relative"), "\(relative)")
    }
}
