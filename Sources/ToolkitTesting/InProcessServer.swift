import JSONRPC
import Logging
import ToolkitCore

/// A real core listening on a real Unix socket in a temp directory, inside the test process, so a test can
/// register methods of its own next to the built-in ones.
public final class InProcessServer: Sendable {
    public let core: Core
    public let directory: TemporaryDirectory
    public var socketPath: String { core.configuration.socketPath }
    public var registry: MethodRegistry { core.registry }

    /// Starts listening. `configure` may change the configuration first.
    public init(
        logger: Logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }),
        configure: (inout ToolkitConfiguration) -> Void = { _ in }
    ) async throws {
        directory = try TemporaryDirectory()
        var configuration = ToolkitConfiguration(
            socketPath: directory.appending("run/toolkit.sock"), dataDirectory: directory.appending("data"))
        configure(&configuration)
        core = try Core(configuration: configuration, logger: logger)
        try await core.server.listen()
    }

    /// A client of the toolkit's own.
    public func client() async throws -> RPCClient { try await RPCClient.connect(to: socketPath) }

    /// A plain line client.
    public func lineClient() throws -> LineClient { try LineClient(path: socketPath) }

    /// Shuts down as on SIGTERM.
    public func stop() async { await core.server.shutDown() }
}
