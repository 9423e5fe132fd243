#if canImport(Glibc)
import Glibc
#endif
public import JSONRPC
public import Logging
public import NIOCore
public import NIOPosix
public import ServiceLifecycle
import PluginHost
import NIOConcurrencyHelpers

/// The core's Unix-socket JSON-RPC server, as a `Service`.
///
/// `run()` binds the socket (directory 0700, socket 0600; a stale socket is replaced, a live one is an
/// error), serves clients once `acceptWhen` has returned (the start-up plugins have settled: until then a
/// client's connection is held unread, ``ClientAdmission``; a plugin's own is served at once), serves until
/// graceful shutdown, then stops accepting, lets running requests finish within the grace period, closes
/// every connection and removes the socket.
public final class SocketServer: Service, Sendable {
    private let configuration: ToolkitConfiguration
    private let registry: MethodRegistry
    private let logger: Logger
    private let group: any EventLoopGroup
    private let isDefaultSocketLocation: Bool
    private let beforeListening: (@Sendable () async throws -> Void)?
    private let connections = ConnectionTable()
    private let serverChannel = NIOLockedValueBox<(any Channel)?>(nil)
    /// What ``run()`` waits for, once the socket listens, before it accepts connections.
    private let acceptWhen: @Sendable () async -> Void
    /// The socket listens (the plugin host waits for it before it starts plugins, which may connect).
    private let listening = OneTimeEvent()
    /// The socket accepts connections (the service manager is told the core is ready).
    private let accepting = OneTimeEvent()
    /// Holds clients' connections until the server serves them.
    private let admission: ClientAdmission

    /// - Parameters:
    ///   - isDefaultSocketLocation: whether the socket's directory is the toolkit's own (it is then kept 0700).
    ///   - beforeListening: what must be done before the first client is served (the built-in sounds put in
    ///     place); its error stops ``listen()``.
    ///   - acceptWhen: what ``run()`` waits for, once the socket listens, before it serves clients (the
    ///     core: its start-up plugins being ready, disabled or failed).
    ///   - isPlugin: whether a peer is one of the plugins, whose connections are served before that.
    public init(
        configuration: ToolkitConfiguration, registry: MethodRegistry, logger: Logger,
        group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton, isDefaultSocketLocation: Bool = false,
        beforeListening: (@Sendable () async throws -> Void)? = nil,
        acceptWhen: @escaping @Sendable () async -> Void = {},
        isPlugin: @escaping @Sendable (PeerCredentials) -> Bool = { _ in false }
    ) {
        self.acceptWhen = acceptWhen
        self.admission = ClientAdmission(isPlugin: isPlugin)
        self.configuration = configuration
        self.registry = registry
        self.logger = logger
        self.group = group
        self.isDefaultSocketLocation = isDefaultSocketLocation
        self.beforeListening = beforeListening
    }

    /// Open connections and the total since start.
    public var connectionCounts: (open: Int, total: Int) { connections.counts }

    public func run() async throws {
        try await bind()
        let acceptWhen = self.acceptWhen
        await cancelWhenGracefulShutdown { await acceptWhen() }
        if !Task.isCancelled, !Task.isShuttingDownGracefully { startAccepting() }
        // Wait for SIGTERM/SIGINT (or the group's cancellation), then shut down in order.
        try? await gracefulShutdown()
        await shutDown()
    }

    /// Binds the socket and starts accepting connections.
    /// - Throws: ``CoreError`` when the socket is in use or cannot be made.
    public func listen() async throws {
        try await bind()
        startAccepting()
    }

    /// Binds the socket; clients' connections are held until ``startAccepting()``.
    private func bind() async throws {
        try await beforeListening?()
        let path = configuration.socketPath
        try SocketFile.prepareDirectory(for: path, isDefaultLocation: isDefaultSocketLocation)
        try SocketFile.removeIfStale(path)

        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelInitializer(acceptBackoffInitializer())
            .childChannelOption(.allowRemoteHalfClosure, value: true)
            .childChannelInitializer(connectionInitializer())

        // Bind inside a private 0700 directory, make the socket 0600, then rename it into place: the socket is
        // never reachable with looser permissions, and the process umask (shared by every thread) is untouched.
        let staging = try SocketFile.makeStagingDirectory(besides: path)
        defer { rmdir(staging) }
        let stagedPath = staging + "/toolkit.sock"
        let channel: any Channel
        do {
            channel = try await bootstrap.bind(unixDomainSocketPath: stagedPath).get()
        } catch {
            throw CoreError(.socketUnusable, "Cannot listen on \(path).", underlying: error)
        }
        chmod(stagedPath, 0o600)
        guard rename(stagedPath, path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? await channel.close()
            throw CoreError(.socketUnusable, "Cannot put the socket at \(path): \(reason).")
        }
        serverChannel.withLockedValue { $0 = channel }
        logger.info("Listening", metadata: ["socket": "\(path)", "pid": "\(getpid())"])
        listening.happen()
    }

    /// Serves the clients' connections held and those to come.
    private func startAccepting() {
        guard serverChannel.withLockedValue({ $0 }) != nil else { return }
        admission.open()
        logger.info("Accepting connections")
        accepting.happen()
    }

    /// Returns once the socket listens (a client's connection then waits until it is accepted), or at once
    /// when the calling task is cancelled (a core that cannot listen shuts down without it).
    public func waitUntilListening() async {
        await listening.wait()
    }

    /// Returns once the socket accepts connections, or at once when the calling task is cancelled.
    public func waitUntilAccepting() async {
        await accepting.wait()
    }

    /// Whether the socket accepts connections.
    public var isAccepting: Bool { accepting.hasHappened }

    /// What the listening channel goes through: when `accept` fails for want of descriptors, it waits before
    /// trying again instead of spinning, and says so once (``AcceptExhaustionHandler``).
    private func acceptBackoffInitializer() -> @Sendable (any Channel) -> EventLoopFuture<Void> {
        let logger = self.logger
        return { channel in
            channel.eventLoop.makeCompletedFuture {
                try channel.pipeline.syncOperations.addHandler(AcceptExhaustionHandler(logger: logger))
            }
        }
    }

    /// What every connection goes through, accepted or handed over: the peer's credentials are checked, then
    /// (an accepted client's once the server serves clients, ``ClientAdmission``) the JSON-RPC handler is
    /// added and the connection counted.
    private func connectionInitializer(isHandedOver: Bool = false) -> @Sendable (any Channel) -> EventLoopFuture<Void> {
        let admission = isHandedOver ? nil : self.admission
        let policy = AccessPolicy(access: configuration.access)
        let limits = configuration.limits.connection
        let registry = self.registry
        let logger = self.logger
        let connections = self.connections
        return { channel in
            PeerCredentials.read(from: channel).flatMap { credentials in
                (admission?.admit(credentials, on: channel.eventLoop) ?? channel.eventLoop.makeSucceededFuture(()))
                    .map { credentials }
            }.flatMapThrowing { credentials in
                guard policy.allows(credentials) else {
                    Self.refuse(channel, credentials: credentials, logger: logger)
                    return
                }
                // The handler splits the byte stream into messages itself (limits.maximumMessageBytes).
                let connection = try RPCConnectionHandler.install(
                    on: channel, registry: registry, configuration: limits, connectionID: connections.nextID(),
                    credentials: credentials, logger: logger
                )
                connections.add(connection)
            }
        }
    }

    /// Serves an already-connected stream socket (one end of a `socketpair(2)`) as a connection accepted on the
    /// listening socket is served: the same credential check and handler, counted with the others. The
    /// in-process test mode (`ToolkitCoreTesting`) reaches a core this way, without a socket file.
    /// - Parameter descriptor: the socket; the server owns it from now on and closes it with the connection.
    /// - Returns: the connection's channel.
    package func serve(connectedSocket descriptor: CInt) async throws -> any Channel {
        try await ClientBootstrap(group: group)
            .channelOption(.allowRemoteHalfClosure, value: true)
            .channelInitializer(connectionInitializer(isHandedOver: true))
            .withConnectedSocket(descriptor).get()
    }

    /// Stops accepting, drains running requests for up to the grace period, closes what is left and
    /// removes the socket file.
    public func shutDown() async {
        guard
            let channel = serverChannel.withLockedValue({ state -> (any Channel)? in
                defer { state = nil }
                return state
            })
        else { return }
        try? await channel.close()
        admission.dropWaiting()
        let open = connections.all
        logger.info("Shutting down", metadata: ["connections": "\(open.count)"])
        for connection in open { connection.beginGracefulClose() }
        let drained = await Self.allClosed(open, within: configuration.shutdownGracePeriod, on: group.next())
        if !drained {
            logger.warning("Requests still running after the grace period; cancelling them")
            for connection in connections.all { connection.close() }
            _ = await Self.allClosed(open, within: .seconds(5), on: group.next())
        }
        unlink(configuration.socketPath)
        logger.info("Stopped")
    }

    /// Answers a peer that may not connect with one -32003 line, then closes.
    private static func refuse(_ channel: any Channel, credentials: PeerCredentials?, logger: Logger) {
        logger.warning(
            "Refused a connection", metadata: ["peer": "\(credentials.map(String.init(describing:)) ?? "unknown")"])
        let error = RPCError(
            code: .permissionDenied,
            message: "Permission denied: this core serves only its own user and those its configuration allows"
                + (credentials.map { " (you are uid \($0.uid))" } ?? "") + ".",
            data: credentials.map { ["uid": .int(Int($0.uid))] } ?? nil
        )
        var buffer = channel.allocator.buffer(capacity: 160)
        RPCResponse(id: .null, error: error).write(into: &buffer)
        buffer.writeInteger(UInt8(ascii: "\n"))
        channel.writeAndFlush(buffer).whenComplete { _ in channel.close(promise: nil) }
    }

    /// Waits until every connection has closed or `duration` has passed; returns whether all closed.
    private static func allClosed(
        _ connections: [any RPCConnection & RPCConnectionControl], within duration: Duration,
        on eventLoop: any EventLoop
    ) async -> Bool {
        let outcome = eventLoop.makePromise(of: Bool.self)
        let settled = NIOLockedValueBox(false)
        @Sendable func settle(_ value: Bool) {
            guard
                settled.withLockedValue({ done in
                    defer { done = true }; return !done
                })
            else { return }
            outcome.succeed(value)
        }
        let timer = eventLoop.scheduleTask(
            in: .nanoseconds(
                Int64(duration.components.seconds) * 1_000_000_000
                    + duration.components.attoseconds / 1_000_000_000)
        ) { settle(false) }
        EventLoopFuture.andAllComplete(connections.map(\.closeFuture), on: eventLoop).whenComplete { _ in
            timer.cancel()
            settle(true)
        }
        return (try? await outcome.futureResult.get()) ?? false
    }
}
