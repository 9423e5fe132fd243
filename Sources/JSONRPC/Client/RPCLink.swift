import NIOConcurrencyHelpers
public import NIOCore
public import NIOPosix

/// A client's link to a server's Unix socket (the core's, for the MCP bridge, the web app and a plugin): the
/// connection is made on first use and made again after it closes; calls that come while it is being made wait
/// for it.
///
/// Given `onNotification`, the link reads the connection's notifications: each `progress` goes to the call it
/// is about (``call(_:params:onProgress:)``), every other to `onNotification`. Without it they stay on the
/// client's `notifications` for whoever holds the client, and no call hears of its progress.
///
/// Not an actor: a call reaches the connection without a hop to another executor, on the event loop its
/// socket is read on.
public final class RPCLink: Sendable {
    private struct State {
        var client: RPCClient?
        var connecting: Task<RPCClient, any Error>?
        var connections = 0
    }

    /// The server's socket.
    public let socketPath: String
    private let group: any EventLoopGroup
    private let state = NIOLockedValueBox(State())
    private let progressRoutes = NIOLockedValueBox<[Int: @Sendable (JSONValue) -> Void]>([:])
    private let onConnect: (@Sendable (RPCClient, _ again: Bool) async -> Void)?
    private let onNotification: (@Sendable (RPCRequest) async -> Void)?

    /// A link to the server listening on `socketPath`, its connections on `group`.
    /// - Parameters:
    ///   - onConnect: runs on each connection made, before the calls waiting for it go; `again` is true from
    ///     the second on (the server may have restarted).
    ///   - onNotification: the server's notifications other than `progress`, one at a time.
    public init(
        socketPath: String, group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
        onConnect: (@Sendable (RPCClient, _ again: Bool) async -> Void)? = nil,
        onNotification: (@Sendable (RPCRequest) async -> Void)? = nil
    ) {
        self.socketPath = socketPath
        self.group = group
        self.onConnect = onConnect
        self.onNotification = onNotification
    }

    /// Calls `method`; `onProgress` gets the params of each `progress` notification the server sends about it.
    /// - Throws: ``RPCError`` as the server answers; ``RPCClientError`` when no server answers or the
    ///   connection breaks. Cancelling the calling task sends `rpc.cancel`.
    public func call(
        _ method: String, params: RawJSON?, onProgress: (@Sendable (JSONValue) -> Void)? = nil
    ) async throws -> RawJSON {
        let client = try await client()
        let issued = NIOLockedValueBox<Int?>(nil)
        defer { if let id = issued.withLockedValue({ $0 }) { progressRoutes.withLockedValue { $0[id] = nil } } }
        let routes = progressRoutes
        let record: @Sendable (Int) -> Void = { id in
            issued.withLockedValue { $0 = id }
            if let onProgress { routes.withLockedValue { $0[id] = onProgress } }
        }
        do {
            return try await client.call(method, params: params, issued: record)
        } catch let error as RPCClientError where error.code == .connectionClosed {
            forget(client)
            throw error
        }
    }

    /// Sends `method` as a notification (no answer comes), connecting first when there is no connection.
    /// - Throws: ``RPCClientError`` when no server answers.
    public func notify(_ method: String, params: RawJSON?) async throws {
        try await client().notify(method, params: params)
    }

    /// The connection when it is made, for a call that cannot wait for one (``client()`` makes it).
    public var connectedClient: RPCClient? { state.withLockedValue { $0.client } }

    /// The connection, made when there is none.
    /// - Throws: ``RPCClientError`` `.cannotConnect` when nothing answers on the socket.
    public func client() async throws -> RPCClient {
        let (client, attempt) = state.withLockedValue { state -> (RPCClient?, Task<RPCClient, any Error>?) in
            if let client = state.client { return (client, nil) }
            if let connecting = state.connecting { return (nil, connecting) }
            let attempt = Task { try await self.connect() }
            state.connecting = attempt
            return (nil, attempt)
        }
        if let client { return client }
        return try await attempt!.value
    }

    /// Closes the connection, the one being made included.
    public func close() async {
        let (client, connecting) = state.withLockedValue { state in
            defer {
                state.client = nil
                state.connecting = nil
            }
            return (state.client, state.connecting)
        }
        if let client {
            await client.close()
        } else if let connecting, let client = try? await connecting.value {
            await client.close()
        }
    }

    /// Drops `closed`, a connection that broke, so that the next call connects again.
    public func forget(_ closed: RPCClient) {
        state.withLockedValue { state in
            if state.client === closed { state.client = nil }
        }
    }

    private func connect() async throws -> RPCClient {
        let client: RPCClient
        do {
            client = try await RPCClient.connect(to: socketPath, group: group)
        } catch {
            state.withLockedValue { $0.connecting = nil }
            throw error
        }
        let again = state.withLockedValue { state in
            state.client = client
            state.connecting = nil
            state.connections += 1
            return state.connections > 1
        }
        client.rpcConnection.onClose { [weak self] in self?.forget(client) }
        if onNotification != nil {
            let notifications = client.notifications
            Task { [weak self] in
                for await notification in notifications { await self?.handle(notification) }
            }
        }
        await onConnect?(client, again)
        return client
    }

    private func handle(_ notification: RPCRequest) async {
        guard notification.method == RPCProgressReporter.method else {
            await onNotification?(notification)
            return
        }
        guard let params = try? notification.params?.decode(JSONValue.self), case .int(let id)? = params["id"],
            let route = progressRoutes.withLockedValue({ $0[id] })
        else { return }
        route(params)
    }
}
