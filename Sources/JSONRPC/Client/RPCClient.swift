public import NIOCore
import NIOPosix
import Synchronization

/// A JSON-RPC client over a Unix socket that pipelines requests and matches responses by id.
///
/// Used by the `toolkit` commands and by tests. Notifications from the server (events, progress) arrive
/// on ``notifications``.
public final class RPCClient: Sendable {
    private let channel: any Channel
    private let state: ClientState
    /// Notifications the server sent, in order.
    public let notifications: AsyncStream<RPCRequest>

    private init(channel: any Channel, state: ClientState, notifications: AsyncStream<RPCRequest>) {
        self.channel = channel
        self.state = state
        self.notifications = notifications
    }

    /// Connects to the socket at `path`.
    /// - Throws: ``RPCClientError`` `.cannotConnect` naming the path and the reason.
    public static func connect(
        to path: String, group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
        maximumMessageBytes: Int = RPCFrameDecoder.defaultMaximumFrameLength
    ) async throws -> RPCClient {
        let (stream, continuation) = AsyncStream<RPCRequest>.makeStream()
        let state = ClientState(notifications: continuation)
        do {
            let channel = try await ClientBootstrap(group: group)
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(
                            ByteToMessageHandler(RPCFrameDecoder(maximumFrameLength: maximumMessageBytes)))
                        try channel.pipeline.syncOperations.addHandler(ClientHandler(state: state))
                    }
                }
                .connect(unixDomainSocketPath: path).get()
            return RPCClient(channel: channel, state: state, notifications: stream)
        } catch {
            throw RPCClientError(
                code: .cannotConnect, message: "Cannot connect to \(path): \(Self.describe(error)).", underlying: error)
        }
    }

    /// Calls `method` and waits for its result.
    /// - Throws: ``RPCError`` when the server answers with an error; ``RPCClientError`` when the connection
    ///   fails. Cancelling the calling task sends `rpc.cancel` for the request.
    public func call(_ method: String, params: RawJSON? = nil) async throws -> RawJSON {
        let id = state.nextID()
        let request = RPCRequest(method: method, id: .number(id), params: params)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                guard state.register(id: id, continuation: continuation) else {
                    continuation.resume(throwing: RPCClientError(code: .connectionClosed, message: "The connection is closed."))
                    return
                }
                write(request)
            }
        } onCancel: {
            write(RPCRequest(method: "rpc.cancel", id: nil, params: RawJSON(["id": .int(id)])))
        }
    }

    /// Calls `method` with encodable params and decodes the result.
    public func call<Params: Encodable, Result: Decodable>(
        _ method: String, params: Params, as type: Result.Type = Result.self
    ) async throws -> Result {
        try await call(method, params: RawJSON(encoding: params)).decode(Result.self)
    }

    /// Sends a notification: no answer comes back.
    public func notify(_ method: String, params: RawJSON? = nil) {
        write(RPCRequest(method: method, id: nil, params: params))
    }

    /// Closes the connection; calls still waiting fail with `.connectionClosed`.
    public func close() async {
        try? await channel.close()
    }

    private func write(_ request: RPCRequest) {
        var buffer = channel.allocator.buffer(capacity: 128)
        request.write(into: &buffer)
        buffer.writeInteger(UInt8(ascii: "\n"))
        channel.writeAndFlush(buffer, promise: nil)
    }

    private static func describe(_ error: any Error) -> String {
        if let error = error as? IOError {
            switch error.errnoCode {
            case ENOENT: return "no such socket (is the core running? start it with `toolkit serve`)"
            case ECONNREFUSED: return "nothing is listening (is the core running? start it with `toolkit serve`)"
            case EACCES: return "permission denied"
            default: return String(describing: error)
            }
        }
        return String(describing: error)
    }
}

/// The client's pending calls, shared between callers and the channel handler.
private final class ClientState: Sendable {
    private struct Pending {
        var calls: [Int: CheckedContinuation<RawJSON, any Error>] = [:]
        var nextID = 1
        var closed = false
    }

    private let pending = Mutex(Pending())
    let notifications: AsyncStream<RPCRequest>.Continuation

    init(notifications: AsyncStream<RPCRequest>.Continuation) {
        self.notifications = notifications
    }

    func nextID() -> Int {
        pending.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
    }

    func register(id: Int, continuation: CheckedContinuation<RawJSON, any Error>) -> Bool {
        pending.withLock { state in
            guard !state.closed else { return false }
            state.calls[id] = continuation
            return true
        }
    }

    func resolve(_ response: RPCResponse) {
        guard let id = Int(response.id.rawJSON),
            let continuation = pending.withLock({ $0.calls.removeValue(forKey: id) })
        else { return }
        continuation.resume(with: response.outcome.mapError { $0 as any Error })
    }

    func closeAll() {
        let calls = pending.withLock { state in
            state.closed = true
            defer { state.calls.removeAll() }
            return state.calls
        }
        for continuation in calls.values {
            continuation.resume(throwing: RPCClientError(code: .connectionClosed, message: "The core closed the connection."))
        }
        notifications.finish()
    }
}

/// Routes what the server sends: responses to their callers, notifications to the stream.
private final class ClientHandler: ChannelInboundHandler {
    typealias InboundIn = RPCFrame
    private let state: ClientState

    init(state: ClientState) { self.state = state }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .value(let buffer) = unwrapInboundIn(data) else { return }
        let messages: [Result<RPCMessage, RPCMessage.Invalid>]
        switch RPCMessage.parse(buffer) {
        case .single(let message): messages = [message]
        case .batch(let members): messages = members
        case .emptyBatch: messages = []
        }
        for case .success(let message) in messages {
            switch message {
            case .response(let response): state.resolve(response)
            case .request(let request): state.notifications.yield(request)
            }
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        state.closeAll()
        context.fireChannelInactive()
    }
}
