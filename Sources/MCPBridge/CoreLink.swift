public import JSONRPC
import NIOConcurrencyHelpers
public import NIOCore
public import NIOPosix
import ToolkitAPI

/// The bridge's connection to the running core: made on first use and made again after the core restarts;
/// routes the core's `progress` notifications to the call they are about, and tells the bridge when a plugin
/// starts, stops or fails (its methods come or go).
///
/// Not an actor: a tool call reaches the core's connection without a hop to another executor, on the event loop
/// the client's pipes are read on when the bridge gives it that one.
public final class CoreLink: Sendable {
    private struct State {
        var client: RPCClient?
        var connecting: Task<RPCClient, any Error>?
        var connections = 0
    }

    /// The core's socket.
    public let socketPath: String
    private let eventLoop: any EventLoop
    private let state = NIOLockedValueBox(State())
    private let progressRoutes = NIOLockedValueBox<[Int: @Sendable (JSONValue) -> Void]>([:])
    private let onMethodsChanged: @Sendable () async -> Void

    /// A link to the core listening on `socketPath`, its connection on `eventLoop`; `onMethodsChanged` runs
    /// when plugins come or go, and on a connection made again (the core may have restarted with other plugins).
    public init(
        socketPath: String, eventLoop: any EventLoop = MultiThreadedEventLoopGroup.singleton.next(),
        onMethodsChanged: @escaping @Sendable () async -> Void
    ) {
        self.socketPath = socketPath
        self.eventLoop = eventLoop
        self.onMethodsChanged = onMethodsChanged
    }

    /// Calls `method`; `onProgress` gets the params of each `progress` notification the core sends about it.
    /// - Throws: ``JSONRPC/RPCError`` as the core answers; ``JSONRPC/RPCClientError`` when no core answers or
    ///   the connection breaks. Cancelling the calling task sends `rpc.cancel`.
    public func call(
        _ method: String, params: RawJSON?, onProgress: (@Sendable (JSONValue) -> Void)? = nil
    ) async throws -> RawJSON {
        let client = try await connected()
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
    /// - Throws: ``JSONRPC/RPCClientError`` when no core answers.
    public func notify(_ method: String, params: RawJSON?) async throws {
        try await connected().notify(method, params: params)
    }

    /// The connection when it is made, for a call that cannot wait for one (``call(_:params:onProgress:)``
    /// makes it).
    public var connectedClient: RPCClient? { state.withLockedValue { $0.client } }

    /// Closes the connection.
    public func close() async {
        let client = state.withLockedValue { state in
            defer { state.client = nil }
            return state.client
        }
        await client?.close()
    }

    /// The connection, made when there is none; calls that come while it is being made wait for it.
    private func connected() async throws -> RPCClient {
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

    private func connect() async throws -> RPCClient {
        let client: RPCClient
        do {
            client = try await RPCClient.connect(to: socketPath, group: eventLoop)
        } catch {
            state.withLockedValue { $0.connecting = nil }
            throw error
        }
        let reconnected = state.withLockedValue { state in
            state.client = client
            state.connecting = nil
            state.connections += 1
            return state.connections > 1
        }
        let notifications = client.notifications
        Task { [weak self] in
            for await notification in notifications { await self?.handle(notification) }
            self?.forget(client)
        }
        _ = try? await client.call(
            EventsSubscribe.name, params: RawJSON(encoding: EventsSubscribe.Params(topics: ["plugin.*"])))
        if reconnected { await onMethodsChanged() }
        return client
    }

    /// Drops `closed`, a connection that broke, so that the next call connects again.
    public func forget(_ closed: RPCClient) {
        state.withLockedValue { state in
            if state.client === closed { state.client = nil }
        }
    }

    private func handle(_ notification: RPCRequest) async {
        guard let params = try? notification.params?.decode(JSONValue.self) else { return }
        switch notification.method {
        case ProgressNotification.method:
            guard case .int(let id)? = params["id"],
                let route = progressRoutes.withLockedValue({ $0[id] })
            else { return }
            route(params)
        case EventNotification<JSONValue>.method:
            guard case .string(let topic)? = params["topic"], topic.hasPrefix("plugin.") else { return }
            await onMethodsChanged()
        default:
            break
        }
    }
}
