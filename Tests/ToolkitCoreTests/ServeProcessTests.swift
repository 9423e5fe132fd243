#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import ToolkitCore
import ToolkitCoreTesting
import ToolkitTestSupport

/// The built `toolkit serve` as a user runs it: socket permissions, stale and live sockets, peers of
/// another uid, signals.
@Suite(.serialized)
struct ServeProcessTests {
    private func mode(_ path: String) -> mode_t {
        var status = stat()
        stat(path, &status)
        return status.st_mode & 0o777
    }

    @Test func socketIsPrivate() throws {
        let core = try CoreProcess()
        #expect(mode(core.socketPath) == 0o600)
        #expect(mode((core.socketPath as NSString).deletingLastPathComponent) == 0o700)
        #expect(core.stop() == 0)
    }

    /// What `printf … | socat - UNIX-CONNECT:…` does: one request, the write side shut, then read to the end.
    @Test(arguments: CoreTestMode.allCases)
    func socatStylePingIsAnsweredThenTheConnectionEnds(_ mode: CoreTestMode) async throws {
        try await withCore(mode) { core in
            let client = try await core.lineClient()
            try client.send(#"{"jsonrpc":"2.0","method":"system.ping","id":1}"# + "\n")
            client.shutdownWrite()
            #expect(await client.readLine() == #"{"jsonrpc":"2.0","result":"pong","id":1}"#)
            #expect(await client.waitForEOF())
        }
    }

    @Test func sigtermWithOpenConnectionsExitsZeroAndRemovesTheSocket() async throws {
        let core = try CoreProcess()
        let idle = try LineClient(path: core.socketPath)
        let subscriber = try LineClient(path: core.socketPath)
        try subscriber.send(#"{"jsonrpc":"2.0","method":"events.subscribe","params":{"topics":["*"]},"id":1}"# + "\n")
        #expect(await subscriber.readLine() != nil)
        #expect(core.stop(signal: SIGTERM) == 0)
        #expect(!FileManager.default.fileExists(atPath: core.socketPath))
        #expect(await idle.waitForEOF())
        #expect(core.stderrText().contains("Stopped"))
    }

    /// A core stopped cleanly leaves its diary in one file: the write-ahead log checkpointed into it and removed.
    @Test func aStoppedCoreLeavesTheDatabaseInOneFile() async throws {
        let core = try CoreProcess(extraArguments: ["--no-plugins"])
        let client = try LineClient(path: core.socketPath)
        try client.send(#"{"jsonrpc":"2.0","method":"pets.create","params":{"name":"보리"},"id":1}"# + "\n")
        #expect(await client.readLine()?.contains("보리") == true)
        let database = core.dataDirectory + "/toolkit.sqlite"
        #expect(FileManager.default.fileExists(atPath: database + "-wal"))
        #expect(core.stop(signal: SIGTERM) == 0)
        #expect(!FileManager.default.fileExists(atPath: database + "-wal"))
        #expect(!FileManager.default.fileExists(atPath: database + "-shm"))
        let again = try CoreProcess(extraArguments: ["--no-plugins"], dataDirectory: core.dataDirectory)
        defer { _ = again.stop() }
        let reader = try LineClient(path: again.socketPath)
        try reader.send(#"{"jsonrpc":"2.0","method":"pets.list","id":1}"# + "\n")
        #expect(await reader.readLine()?.contains("보리") == true)
    }

    @Test func sigintStopsTheCoreToo() throws {
        let core = try CoreProcess()
        #expect(core.stop(signal: SIGINT) == 0)
        #expect(!FileManager.default.fileExists(atPath: core.socketPath))
    }

    @Test func staleSocketIsReplaced() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.appending("stale.sock")
        // A socket file whose listener is gone, as a core killed with SIGKILL leaves behind.
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        let bound = withUnixSocketAddress(path) { bind(descriptor, $0, $1) }
        #expect(bound == 0)
        close(descriptor)
        #expect(FileManager.default.fileExists(atPath: path))

        let core = try CoreProcess(socketPath: path)
        let client = try LineClient(path: path)
        try client.send(#"{"jsonrpc":"2.0","method":"system.ping","id":1}"# + "\n")
        #expect(await client.readLine() == #"{"jsonrpc":"2.0","result":"pong","id":1}"#)
        #expect(core.stop() == 0)
    }

    @Test func secondCoreOnALiveSocketExitsWithAClearMessage() async throws {
        let core = try CoreProcess()
        let second = try await runToolkit(["serve", "--socket", core.socketPath, "--data-dir", core.dataDirectory])
        #expect(second.status == 75)
        #expect(second.stderr.contains("Another core is already listening on \(core.socketPath)"))
        // The first core is untouched.
        let ping = try await runToolkit(["call", "--socket", core.socketPath, "system.ping"])
        #expect(ping.stdout == "\"pong\"\n")
        #expect(core.stop() == 0)
    }

    @Test(.enabled(if: getuid() == 0, "needs root to run a client as nobody"))
    func peerOfAnotherUIDIsRefused() async throws {
        let core = try CoreProcess()
        // Open the path to everyone, as a careless admin might: the peer-credential check must still refuse.
        chmod((core.socketPath as NSString).deletingLastPathComponent, 0o755)
        chmod(core.directory.path, 0o755)
        chmod(core.socketPath, 0o666)
        // A refused peer may find the connection closed before it has written: it reads the refusal anyway.
        let script = """
            import socket, sys
            s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1])
            try: s.sendall(b'{"jsonrpc":"2.0","method":"system.ping","id":1}\\n')
            except BrokenPipeError: pass
            print(s.makefile().readline().strip())
            """
        let refused = try await runCommand(
            "/usr/bin/setpriv",
            ["--reuid=nobody", "--regid=nogroup", "--clear-groups", "/usr/bin/python3", "-c", script, core.socketPath],
            environment: ["PATH": "/usr/bin:/bin", "HOME": "/"])
        #expect(refused.status == 0, "\(refused.stderr)")
        #expect(refused.stdout.contains(#""code":-32003"#))
        #expect(refused.stdout.contains(#""id":null"#))
        #expect(core.stop() == 0)

        // The same peer is let in when the configuration allows its uid.
        let nobody = getpwnam("nobody").pointee.pw_uid
        let allowed = try CoreProcess(extraArguments: ["--allow-uid", String(nobody)])
        chmod((allowed.socketPath as NSString).deletingLastPathComponent, 0o755)
        chmod(allowed.directory.path, 0o755)
        chmod(allowed.socketPath, 0o666)
        let accepted = try await runCommand(
            "/usr/bin/setpriv",
            [
                "--reuid=nobody", "--regid=nogroup", "--clear-groups", "/usr/bin/python3", "-c", script,
                allowed.socketPath,
            ],
            environment: ["PATH": "/usr/bin:/bin", "HOME": "/"])
        #expect(
            accepted.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
                == #"{"jsonrpc":"2.0","result":"pong","id":1}"#)
        #expect(allowed.stop() == 0)
    }

    @Test func noPluginsWithAPluginWarnsThatThePluginIsNotLoaded() async throws {
        let core = try CoreProcess(extraArguments: ["--no-plugins", "--plugin", "/srv/plugins/hello.py"])
        let ping = try await runToolkit(["call", "--socket", core.socketPath, "plugins.list", "--json"])
        #expect(ping.stdout.contains(#""items":[]"#), "\(ping.stdout)")
        #expect(core.stop() == 0)
        #expect(
            core.stderrText().contains(
                "toolkit: warning: --no-plugins loads no plugins, so --plugin /srv/plugins/hello.py is not loaded "
                    + "either."), "\(core.stderrText())")
    }

    @Test func invalidConfigFileIsRefusedWithItsPath() async throws {
        let directory = try TemporaryDirectory()
        let config = directory.appending("config.json")
        try Data(#"{"limits": {"maxConcurrentRequests": 0}}"#.utf8).write(to: URL(fileURLWithPath: config))
        let result = try await runToolkit([
            "serve", "--config", config, "--socket", directory.appending("s.sock"), "--data-dir",
            directory.appending("d"),
        ])
        #expect(result.status == 78)
        #expect(result.stderr.contains("limits.maxConcurrentRequests must be between 1 and 65536; it is 0"))
    }
}
