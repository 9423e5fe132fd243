public import JSONRPC
public import Logging
public import ToolkitCore
public import ToolkitTestSupport

/// A real core listening on a real Unix socket in a temp directory, inside the test process, so a test can
/// register methods of its own next to the built-in ones.
public final class InProcessServer: Sendable {
    /// The core, to reach its registry and event bus.
    public let core: Core
    /// The temp directory holding the socket and (unless configured otherwise) the data.
    public let directory: TemporaryDirectory
    /// Where it listens.
    public var socketPath: String { core.configuration.socketPath }
    /// Its method registry, to register test methods.
    public var registry: MethodRegistry { core.registry }

    /// Starts listening. `configure` may change the configuration first.
    /// - Parameter directory: where the socket and data go; a new temp directory when nil.
    public init(
        directory: TemporaryDirectory? = nil,
        logger: Logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }),
        configure: (inout ToolkitConfiguration) -> Void = { _ in }
    ) async throws {
        self.directory = try directory ?? TemporaryDirectory()
        let directory = self.directory
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
