#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// `rclone serve sftp` on 127.0.0.1 and a free port, serving a temp folder, with an rclone config file naming
/// it `remote` (user and password, the password obscured as rclone keeps it).
public final class SFTPRemote: Sendable {
    /// The folder the remote serves.
    public let directory: TemporaryDirectory
    /// An rclone config file that names the remote `remote`.
    public let configFile: String
    /// Holds the config file and rclone's cache (its host keys).
    private let homeDirectory: TemporaryDirectory
    private let server: ChildProcess

    /// Starts the server and waits until it listens.
    /// - Throws: ``TestFailure`` when rclone is missing or does not listen within 60 s.
    public init() throws {
        let directory = try TemporaryDirectory()
        let home = try TemporaryDirectory()
        self.directory = directory
        homeDirectory = home
        let port = try freeLocalPort()
        let obscured = try Command("rclone", ["obscure", "secret"]).runBlocking()
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
            usleep(50_000)
        }
    }

    /// Stops the server.
    public func stop() {
        _ = server.stop(timeout: .seconds(5))
    }
}
