public import JSONRPC
import NIOConcurrencyHelpers
import ToolkitAPI

/// The bridge's connection to the running core: made on first use and made again after the core restarts;
/// routes the core's `progress` notifications to the call they are about, and tells the bridge when a plugin
/// starts, stops or fails (its methods come or go).
public actor CoreLink {
    /// The core's socket.
    public let socketPath: String
    private var client: RPCClient?
    private var connecting: Task<RPCClient, any Error>?
    private var connections = 0
    private let progressRoutes = NIOLockedValueBox<[Int: @Sendable (JSONValue) -> Void]>([:])
    private let onMethodsChanged: @Sendable () async -> Void

    /// A link to the core listening on `socketPath`; `onMethodsChanged` runs when plugins come or go, and on
    /// a connection made again (the core may have restarted with other plugins).
    public init(socketPath: String, onMethodsChanged: @escaping @Sendable () async -> Void) {
        self.socketPath = socketPath
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

    /// Closes the connection.
    public func close() async {
        if let client { await client.close() }
        client = nil
    }

    /// The connection, made when there is none; calls that come while it is being made wait for it.
    private func connected() async throws -> RPCClient {
        if let client { return client }
        if let connecting { return try await connecting.value }
        let attempt = Task { try await connect() }
        connecting = attempt
        defer { connecting = nil }
        return try await attempt.value
    }

    private func connect() async throws -> RPCClient {
        let client = try await RPCClient.connect(to: socketPath)
        self.client = client
        connections += 1
        let notifications = client.notifications
        Task { [weak self] in
            for await notification in notifications { await self?.handle(notification) }
            await self?.forget(client)
        }
        _ = try? await client.call(
            EventsSubscribe.name, params: RawJSON(encoding: EventsSubscribe.Params(topics: ["plugin.*"])))
        if connections > 1 { await onMethodsChanged() }
        return client
    }

    private func forget(_ closed: RPCClient) {
        if client === closed { client = nil }
    }

    private func handle(_ notification: RPCRequest) async {
        guard let params = try? notification.params?.decode(JSONValue.self) else { return }
        switch notification.method {
        case "progress":
            guard case .int(let id)? = params["id"],
                let route = progressRoutes.withLockedValue({ $0[id] })
            else { return }
            route(params)
        case "event":
            guard case .string(let topic)? = params["topic"], topic.hasPrefix("plugin.") else { return }
            await onMethodsChanged()
        default:
            break
        }
    }
}
