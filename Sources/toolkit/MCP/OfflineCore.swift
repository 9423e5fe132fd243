import Foundation
import Glibc
import Logging
import ServiceLifecycle
import ToolkitCore

/// A core of `toolkit mcp`'s own, for when none answers on the socket: the same data directory and config,
/// served on a private socket (a fresh `0700` directory) without plugins, inside the bridge's process, until
/// the client hangs up. As the offline `export` and `archive` do, it uses the library code the core uses.
struct OfflineCore {
    /// The private socket the bridge connects to.
    let socketPath: String
    private let group: ServiceGroup
    private let running: Task<Void, any Error>
    private let directory: String

    /// Starts it and waits until it listens.
    /// - Throws: ``ToolkitCore/CoreError`` when the data directory cannot be opened.
    static func start(_ configuration: ToolkitConfiguration, logger: Logger) async throws -> OfflineCore {
        var template = Array(((configuration.environment["TMPDIR"] ?? "/tmp") + "/toolkit-mcp-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw CoreError(.dataDirectory, "Cannot make a directory for the offline core's socket: errno \(errno).")
        }
        let directory = String(cString: made)
        var own = configuration
        own.socketPath = directory + "/core.sock"
        own.plugins.enabled = false
        let core = try Core(configuration: own, logger: logger)
        let group = ServiceGroup(
            configuration: .init(services: core.services.map { .init(service: $0) }, logger: logger))
        let running = Task { try await group.run() }
        await core.server.waitUntilListening()
        return OfflineCore(socketPath: own.socketPath, group: group, running: running, directory: directory)
    }

    /// Lets running requests finish, stops, and removes the private socket's directory.
    func stop() async {
        await group.triggerGracefulShutdown()
        _ = await running.result
        try? FileManager.default.removeItem(atPath: directory)
    }
}
