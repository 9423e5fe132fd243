import Foundation
import JSONRPC
import Testing
import ToolkitTestSupport
import ToolkitTesting

/// Plugins/backup-copy: each finished archive is copied with rclone to a real remote (`rclone serve sftp` on
/// 127.0.0.1, serving a temp folder), checked, and the outcome published as an event.
struct BackupCopyTests {
    @Test func anArchiveCompletedEventCopiesTheArchiveToTheRemoteAndPublishesIt() async throws {
        try await withCore(.socket) { core in
            let remote = try SFTPRemote()
            defer { remote.stop() }
            let files = try TemporaryDirectory()
            let bytes = pseudoRandomBytes(300_000, seed: 7)
            let archive = try files.write("diary-2026-01-01.tar.zst", bytes)
            let plugin = try await startPlugin(
                shippedPlugin("backup-copy"), socket: core.socketPath, dataDirectory: core.dataDirectory,
                options: [("destination", "remote:backups"), ("rcloneConfig", .string(remote.configFile))])
            let notifications = NotificationLog(plugin)

            plugin.sendEvent("archive.completed", data: ["path": .string(archive), "size": 300_000, "kind": "full"])
            let copied = try await eventually("backup.copied") { try notifications.published("backup.copied").first }
            #expect(
                members(copied) == [
                    "path": .string(archive), "destination": "remote:backups/diary-2026-01-01.tar.zst", "size": 300_000,
                ])
            #expect(contents(remote.directory.appending("backups/diary-2026-01-01.tar.zst")) == bytes)
            #expect(plugin.standardErrorText().contains("copied \(archive) (300000 bytes) to remote:backups/"))
            await plugin.stop()
        }
    }

    @Test func theMethodCopiesOnDemandAndAMissingFileIsReportedAsFailed() async throws {
        let remote = try SFTPRemote()
        defer { remote.stop() }
        let files = try TemporaryDirectory()
        let bytes = pseudoRandomBytes(5_000, seed: 3)
        let archive = try files.write("notes.tar.zst", bytes)
        let plugin = try await startPlugin(
            shippedPlugin("backup-copy"), socket: files.appending("no-core.sock"), dataDirectory: files.path,
            options: [("destination", "remote:"), ("rcloneConfig", .string(remote.configFile))])
        let notifications = NotificationLog(plugin)

        let result = try await plugin.call("backup.copy", ["path": .string(archive)])
        #expect(members(result) == ["destination": "remote:notes.tar.zst", "size": 5_000, "verified": true])
        #expect(contents(remote.directory.appending("notes.tar.zst")) == bytes)

        let missing = files.appending("missing.tar.zst")
        do {
            _ = try await plugin.call("backup.copy", ["path": .string(missing)])
            Issue.record("a missing file was copied")
        } catch {
            #expect(errorCode(error) == -32602)
        }
        let failed = try await eventually("backup.failed") { try notifications.published("backup.failed").first }
        #expect(members(failed) == ["path": .string(missing), "reason": .string("no readable file at \(missing)")])
        await plugin.stop()
    }

    @Test func anUnreachableRemoteFailsWithTheReasonAndWithoutADestinationThePluginIsDisabled() async throws {
        let files = try TemporaryDirectory()
        let port = try freeLocalPort()
        let config = try files.write(
            "rclone.conf", Array("[down]\ntype = sftp\nhost = 127.0.0.1\nport = \(port)\nuser = u\n".utf8))
        let archive = try files.write("a.tar.zst", [1, 2, 3])
        let plugin = try await startPlugin(
            shippedPlugin("backup-copy"), socket: files.appending("no-core.sock"), dataDirectory: files.path,
            options: [("destination", "down:backups"), ("rcloneConfig", .string(config))])
        let notifications = NotificationLog(plugin)
        plugin.sendEvent("archive.completed", data: ["path": .string(archive), "size": 3, "kind": "full"])
        let failed = try await eventually("backup.failed") { try notifications.published("backup.failed").first }
        #expect(failed["path"] == .string(archive))
        guard case .string(let reason)? = failed["reason"] else {
            Issue.record("no reason in \(failed)")
            return
        }
        #expect(reason.hasPrefix("rclone copyto to down:backups/a.tar.zst failed"))
        #expect(plugin.standardErrorText().contains("backup of \(archive) failed"))
        await plugin.stop()

        // No destination: init answers disable, as the core's plugins.list then shows.
        let unset = try await PluginUnderTest(path: shippedPlugin("backup-copy"))
        _ = try await unset.call("getmanifest", ["protocol": 1])
        let answer = try await unset.call(
            "init",
            ["protocol": 1, "name": "backup-copy", "socket": "/x", "dataDir": "/x", "options": ["destination": ""]])
        #expect(members(answer) == ["disable": "no destination: set plugins.options.backup-copy.destination"])
        await unset.stop()
    }
}

/// `rclone serve sftp` on 127.0.0.1 and a free port, serving a temp folder, with an rclone config file naming
/// it `remote` (user and password, the password obscured as rclone keeps it).
final class SFTPRemote: Sendable {
    let directory: TemporaryDirectory
    let configFile: String
    /// Holds the config file and rclone's cache (its host keys).
    private let homeDirectory: TemporaryDirectory
    private let server: ChildProcess

    init() throws {
        let directory = try TemporaryDirectory()
        let home = try TemporaryDirectory()
        self.directory = directory
        homeDirectory = home
        let port = try freeLocalPort()
        let obscured = try runCommand("rclone", ["obscure", "secret"])
        guard obscured.status == 0 else { throw TestFailure("rclone obscure failed: \(obscured.stderr)") }
        let password = obscured.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        configFile = try home.write(
            "rclone.conf",
            Array(
                """
                [remote]
                type = sftp
                host = 127.0.0.1
                port = \(port)
                user = pets
                pass = \(password)

                """.utf8))
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = home.appending("cache")  // its host keys, made at the first start
        environment["RCLONE_CONFIG"] = configFile
        server = try ChildProcess(
            "rclone",
            ["serve", "sftp", directory.path, "--addr", "127.0.0.1:\(port)", "--user", "pets", "--pass", "secret"],
            environment: environment)
        let deadline = ContinuousClock.now + .seconds(60)
        while !acceptsConnections(port: port) {
            guard ContinuousClock.now < deadline, !server.hasExited else {
                _ = server.stop(timeout: .seconds(5))
                throw TestFailure("rclone serve sftp did not listen on 127.0.0.1:\(port)")
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    func stop() {
        _ = server.stop(timeout: .seconds(5))
    }
}
