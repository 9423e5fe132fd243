import Logging
import NIOCore

/// A JSON-RPC peer over one channel that pipelines calls and matches responses by id: the `toolkit`
/// commands' and tests' client over the core's socket, and the two ends of a plugin's pipes.
///
/// It runs on the same ``RPCConnectionHandler`` as the server, so it can also serve: given a registry,
/// requests the peer sends on the same channel are answered there (a plugin that the core calls, and that
/// calls the core back on the same pipes). Notifications that no registered method answers (events,
/// progress) arrive on ``notifications``.
public final class RPCClient: Sendable {
    private let connection: ChannelRPCConnection
    /// Notifications the peer sent that no registered method answers, in order; it finishes when the
    /// connection closes.
    public let notifications: AsyncStream<RPCRequest>

    private init(connection: ChannelRPCConnection, notifications: AsyncStream<RPCRequest>) {
        self.connection = connection
        self.notifications = notifications
    }

    /// The connection, as a handler of a served method sees it; its `closeFuture` completes on close.
    public var rpcConnection: any RPCConnection & RPCConnectionControl { connection }

    /// Calls `method` and waits for its result.
    /// - Throws: ``RPCError`` when the peer answers with an error; ``RPCClientError`` when the connection
    ///   fails. Cancelling the calling task sends `rpc.cancel` for the request.
    public func call(_ method: String, params: RawJSON? = nil) async throws -> RawJSON {
        try await connection.call(method, params: params)
    }

    /// Calls `method`, telling `issued` the numeric id the request goes out under before it is sent: to
    /// match the peer's notifications about this call (`progress {"id": …}`) to it.
    /// - Throws: as ``call(_:params:)``.
    public func call(_ method: String, params: RawJSON?, issued: (Int) -> Void) async throws -> RawJSON {
        try await connection.call(method, params: params, issued: issued)
    }

    /// Calls `method` with no task, for a caller on the hot path (the core forwarding a client's call to a
    /// plugin): `completion` gets the answer, or ``RPCClientError`` `.timedOut` once `timeout` has passed
    /// (the peer is then sent `rpc.cancel`), or the connection's failure. It runs on the connection's loop.
    /// - Parameter issued: told the request's id before the request is sent.
    /// - Returns: the request's id, for ``cancelCall(_:)``.
    @discardableResult
    public func call(
        _ method: String, params: RawJSON?, timeout: Duration?, issued: (Int) -> Void = { _ in },
        completion: @escaping @Sendable (Result<RawJSON, any Error>) -> Void
    ) -> Int {
        call(method, params: params, timeout: timeout.map(RPCCallTimeout.init), issued: issued, completion: completion)
    }

    /// As ``call(_:params:timeout:issued:completion:)``, with the timeout converted beforehand.
    @discardableResult
    public func call(
        _ method: String, params: RawJSON?, timeout: RPCCallTimeout?, issued: (Int) -> Void = { _ in },
        completion: @escaping @Sendable (Result<RawJSON, any Error>) -> Void
    ) -> Int {
        connection.call(method, params: params, timeout: timeout?.amount, issued: issued, completion: completion)
    }

    /// Gives up on the call `id` made with ``call(_:params:timeout:issued:completion:)``: the peer is sent
    /// `rpc.cancel`, and the call's completion gets `CancellationError` unless it had its answer.
    public func cancelCall(_ id: Int) {
        connection.cancelCall(id)
    }

    /// Calls `method` with encodable params and decodes the result.
    /// - Throws: as ``call(_:params:)``, and `EncodingError`/`DecodingError` for params and result.
    public func call<Params: Encodable, Result: Decodable>(
        _ method: String, params: Params, as type: Result.Type = Result.self
    ) async throws -> Result {
        try await call(method, params: RawJSON(encoding: params)).decode(Result.self)
    }

    /// Sends a notification: no answer comes back.
    public func notify(_ method: String, params: RawJSON? = nil) {
        connection.send(notification: RPCRequest(method: method, id: nil, params: params))
    }

    /// Shuts this side's output once what is pending is written, so the peer sees the end of its input (a
    /// plugin's stdin closing) while its answers can still come in. New calls fail with `.connectionClosed`;
    /// the connection closes when the peer closes its side and nothing runs here.
    public func finishWriting() {
        connection.closeOutput()
    }

    /// Closes the connection; calls still waiting fail with `.connectionClosed`.
    public func close() async {
        connection.close()
        try? await connection.closeFuture.get()
    }

    /// A client on `channel`'s connection handler, made inside the channel's initializer.
    static func make(
        on channel: any Channel, maximumMessageBytes: Int, serving registry: MethodRegistry?, logger: Logger?,
        configuration: RPCServerConfiguration? = nil, onMalformedInput: (@Sendable (RPCError) -> Void)? = nil
    ) -> EventLoopFuture<RPCClient> {
        channel.eventLoop.makeCompletedFuture {
            let (stream, continuation) = AsyncStream<RPCRequest>.makeStream()
            let connection = try RPCConnectionHandler.installConnection(
                on: channel, registry: registry ?? MethodRegistry(),
                configuration: configuration ?? RPCServerConfiguration(maximumMessageBytes: maximumMessageBytes),
                connectionID: 0, credentials: nil, logger: logger ?? Self.silentLogger,
                unhandledNotifications: continuation, onMalformedInput: onMalformedInput)
            return RPCClient(connection: connection, notifications: stream)
        }
    }

    /// Logs nothing: a client is given a logger when its caller wants one.
    static let silentLogger = Logger(label: "jsonrpc.client", factory: { _ in SwiftLogNoOpLogHandler() })
}
