#if canImport(Glibc)
import Glibc
#endif
public import JSONRPC
import Logging
import NIOCore
import NIOPosix
import NIOConcurrencyHelpers
import ToolkitCore
public import ToolkitTestSupport

/// A core started for one test in one ``CoreTestMode``, with the same client API in every mode.
///
/// Its data lives in its own temp directory; ``restart()`` starts a new core on the same data, as a user
/// restarting `toolkit serve` would.
public final class TestCore: Sendable {
    /// How the test reaches this core.
    public let mode: CoreTestMode
    /// The test's temp directory (data, and the socket in the socket mode).
    public let directory: TemporaryDirectory
    /// The core's data directory.
    public var dataDirectory: String { directory.appending("data") }
    private let running: NIOLockedValueBox<Running?>
    private let environment: [String: String]

    /// What runs in each mode.
    private enum Running: Sendable {
        /// The core, and the channels it serves for this test's clients (closed on stop).
        case inProcess(Core, [any Channel])
        case socket(InProcessServer)
        case binary(CoreProcess)
    }

    /// Starts a core in `mode`.
    /// - Parameter environment: variables for the core in the binary mode (`ALSA_CONFIG_PATH`, say); the other
    ///   modes run in this process, with its environment.
    /// - Throws: ``TestFailure`` or the core's error when it cannot start.
    public init(_ mode: CoreTestMode, environment: [String: String] = [:]) async throws {
        self.mode = mode
        self.environment = environment
        directory = try TemporaryDirectory()
        running = NIOLockedValueBox(nil)
        let started = try await start()
        running.withLockedValue { $0 = started }
    }

    /// Where the core listens in the socket and binary modes; in process, the path its configuration names
    /// (nothing listens there).
    public var socketPath: String {
        switch running.withLockedValue({ $0 }) {
        case .socket(let server): server.socketPath
        case .binary(let process): process.socketPath
        case .inProcess(let core, _): core.configuration.socketPath
        case nil: directory.appending("run/toolkit.sock")
        }
    }

    /// A new plain line client connected to the core.
    /// - Throws: when the core is stopped or does not accept the connection.
    public func lineClient() async throws -> LineClient {
        LineClient(descriptor: try await connect())
    }

    /// A new JSON-RPC client connected to the core.
    /// - Throws: when the core is stopped or does not accept the connection.
    public func client() async throws -> ObjectClient {
        ObjectClient(descriptor: try await connect())
    }

    /// A new typed client connected to the core, for calls through the catalogue:
    /// `try await client.call(PetsCreate.self, .init(name: "보리"))` answers a `PetRecord`.
    /// - Throws: when the core is stopped or does not accept the connection.
    public func rpcClient() async throws -> RPCClient {
        let descriptor = try await connect()
        let channel: any Channel
        do {
            channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .channelOption(.allowRemoteHalfClosure, value: true)
                .withConnectedSocket(descriptor).get()
        } catch {
            close(descriptor)
            throw error
        }
        return try await RPCClient.attach(to: channel)
    }

    /// Stops the core (see ``stop()``) and starts a new one on the same data directory, as a user restarting
    /// `toolkit serve` would. Clients of the old core see their connection close.
    /// - Throws: ``TestFailure`` when the old core does not exit with status 0, or what starting the new one
    ///   throws.
    public func restart() async throws {
        let status = await stop()
        guard status == 0 else { throw TestFailure("the \(mode) core exited with status \(status) when stopped") }
        let started = try await start()
        running.withLockedValue { $0 = started }
    }

    /// Stops the core: as on SIGTERM over a socket; in process, by closing the connections it serves for this
    /// test. Nothing happens when it is already stopped.
    /// - Returns: the exit status of `toolkit serve` in the binary mode (0 when it stopped cleanly); 0 otherwise.
    @discardableResult
    public func stop() async -> Int32 {
        let stopping = running.withLockedValue { state in
            defer { state = nil }
            return state
        }
        switch stopping {
        case .inProcess(_, let channels):
            for channel in channels { try? await channel.close() }
            return 0
        case .socket(let server):
            await server.stop()
            return 0
        case .binary(let process):
            return process.stop()
        case nil:
            return 0
        }
    }

    private func start() async throws -> Running {
        let socketPath = directory.appending("run/toolkit.sock")
        switch mode {
        case .inProcess:
            let configuration = ToolkitConfiguration(socketPath: socketPath, dataDirectory: dataDirectory)
            let logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
            let core = try Core(configuration: configuration, logger: logger)
            try await core.prepare()
            return .inProcess(core, [])
        case .socket:
            let dataDirectory = self.dataDirectory
            return .socket(
                try await InProcessServer(directory: directory) { $0.dataDirectory = dataDirectory })
        case .binary:
            return .binary(
                try CoreProcess(socketPath: socketPath, dataDirectory: dataDirectory, environment: environment))
        }
    }

    /// A connected socket for a new client: one end of a pair whose other end the in-process core serves, or a
    /// connection to the core's socket.
    private func connect() async throws -> Int32 {
        switch running.withLockedValue({ $0 }) {
        case .inProcess(let core, _):
            let (served, client) = try UnixSocket.pair()
            let channel: any Channel
            do {
                channel = try await core.server.serve(connectedSocket: served)
            } catch {
                close(served)
                close(client)
                throw error
            }
            running.withLockedValue { state in
                if case .inProcess(let core, let channels) = state { state = .inProcess(core, channels + [channel]) }
            }
            return client
        case .socket, .binary:
            return try UnixSocket.connect(to: socketPath)
        case nil:
            throw TestFailure("the \(mode) core is stopped")
        }
    }
}
