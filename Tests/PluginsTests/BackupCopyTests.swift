import Foundation
import JSONRPC
import Testing
import ToolkitTestSupport
import ToolkitCoreTesting

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
        #expect(
            members(result) == [
                "destination": "remote:notes.tar.zst", "size": 5_000, "verified": true, "copied": ["notes.tar.zst"],
            ])
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
        // plugins.list and toolkit doctor show it: the plugin reports the gap with plugin.status.
        let warning = try await eventually("plugin.status") { try notifications.warnings().last ?? nil }
        #expect(warning.hasPrefix("the backup at down:backups misses archives that a.tar.zst needs"), "\(warning)")
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

extension BackupCopyTests {
    @Test func eachRunCopiesTheArchivesOfTheChainThatTheDestinationMisses() async throws {
        // Given a full archive and an incremental one on it, and a plugin copying to a real remote
        let remote = try SFTPRemote()
        defer { remote.stop() }
        let files = try TemporaryDirectory()
        let full = try await makeArchive(in: files, "d-20260101T000000.000Z-full.tar.zst", previous: nil, seed: 1)
        let second = try await makeArchive(
            in: files, "d-20260102T000000.000Z-incr.tar.zst", previous: "d-20260101T000000.000Z-full.tar.zst", seed: 2)
        let plugin = try await startPlugin(
            shippedPlugin("backup-copy"), socket: files.appending("no-core.sock"), dataDirectory: files.path,
            options: [("destination", "remote:backups"), ("rcloneConfig", .string(remote.configFile))])
        let notifications = NotificationLog(plugin)

        // When the incremental one is copied, Then the full one it builds on goes first
        let result = try await plugin.call("backup.copy", ["path": .string(second)])
        #expect(
            members(result)?["copied"]
                == ["d-20260101T000000.000Z-full.tar.zst", "d-20260102T000000.000Z-incr.tar.zst"])
        let backups = remote.directory.appending("backups")
        #expect(contents(backups + "/d-20260101T000000.000Z-full.tar.zst") == contents(full))

        // When a copy is lost there (a failed run) and the next archive completes
        // (through the remote: `rclone serve sftp` caches its listing of the folder)
        let deleted = try await runCommand(
            "rclone",
            ["--config", remote.configFile, "deletefile", "remote:backups/d-20260102T000000.000Z-incr.tar.zst"])
        #expect(deleted.status == 0, "\(deleted.stderr)")
        let third = try await makeArchive(
            in: files, "d-20260103T000000.000Z-incr.tar.zst", previous: "d-20260102T000000.000Z-incr.tar.zst", seed: 3)
        plugin.sendEvent("archive.completed", data: ["path": .string(third), "size": 1, "kind": "incremental"])

        // Then the lost one and the new one are copied, not the full one again, and no warning is left
        let copied = try await eventually("two more copies") { () throws -> [JSONValue]? in
            let events = try notifications.published("backup.copied")
            return events.count == 4 ? events : nil
        }
        #expect(copied.dropFirst(2).map { $0["path"] } == [.string(second), .string(third)])
        for path in [full, second, third] {
            #expect(
                contents(backups + "/" + (path.split(separator: "/").last.map(String.init) ?? "")) == contents(path))
        }
        let warnings = try notifications.warnings()
        #expect(warnings.last == .some(nil), "\(warnings)")

        // When the full archive is missing locally, Then the chain cannot be copied and the call says why
        try FileManager.default.removeItem(atPath: full)
        do {
            _ = try await plugin.call("backup.copy", ["path": .string(third)])
            Issue.record("a broken chain was copied")
        } catch {
            #expect(
                (error as? RPCError)?.message.contains(
                    "d-20260102T000000.000Z-incr.tar.zst builds on d-20260101T000000.000Z-full.tar.zst, which is not in"
                ) == true, "\(error)")
        }
        await plugin.stop()
    }

    /// A file shaped as a toolkit archive as far as backup-copy reads one: a zstd tar whose first member is a
    /// manifest of kind `archive` naming `previous`, then some bytes.
    private func makeArchive(in files: TemporaryDirectory, _ name: String, previous: String?, seed: UInt64) async throws
        -> String
    {
        let folder = try TemporaryDirectory()
        let previousJSON = previous.map { "\"\($0)\"" } ?? "null"
        _ = try folder.write(
            "manifest.json", Array(#"{"format": 1, "kind": "archive", "previous": \#(previousJSON)}"#.utf8))
        _ = try folder.write("payload", pseudoRandomBytes(20_000, seed: seed))
        let path = files.appending(name)
        let tar = try await runCommand("tar", ["--zstd", "-cf", path, "-C", folder.path, "manifest.json", "payload"])
        guard tar.status == 0 else { throw TestFailure("tar failed: \(tar.stderr)") }
        return path
    }
}
