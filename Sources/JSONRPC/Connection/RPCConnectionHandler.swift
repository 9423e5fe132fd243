public import Logging
public import NIOCore

/// Speaks JSON-RPC on one channel, in both directions: it serves the requests the peer sends (reads frames,
/// runs requests concurrently, writes each answer as one line) and carries the calls this side makes to
/// the peer (``RPCConnection/call(_:params:)``), matching their responses by id. It works on any NIO channel
/// that carries bytes: a Unix socket, a child's pipes, the process's stdin and stdout.
///
/// It reads the channel's bytes itself, splitting them with an ``RPCFrameDecoder`` and handling each frame
/// as it is found (no handler between them). Immediate methods answer inline; the others run as tasks, so
/// responses may leave out of order. Batches are answered as one array once all their members are done.
/// Answers go out together, one write per read. When the peer stops reading (the outgoing buffer passes
/// its high-water mark) or has too many requests running, the handler stops reading (and decoding) until
/// that clears. Closing the connection cancels its running requests and fails its pending calls. All state
/// is touched only on the channel's event loop; the logic lives in value types: ``StateMachine`` (flow and
/// lifecycle), ``DispatchPath`` (how a request runs), ``InFlightRequests``, ``PendingCalls`` and
/// ``OutputCoalescer``; what the pipeline gives the handler is one ``Attachment``, made when it is added.
public final class RPCConnectionHandler: ChannelDuplexHandler, RemovableChannelHandler {
    public typealias InboundIn = ByteBuffer
    public typealias OutboundIn = ByteBuffer
    public typealias OutboundOut = ByteBuffer

    let registry: MethodRegistry
    let configuration: RPCServerConfiguration
    private let connectionID: Int
    private let credentials: PeerCredentials?
    /// Where notifications go that no registered method answers; nil drops them.
    let unhandledNotifications: AsyncStream<RPCRequest>.Continuation?
    /// Told of every message from the peer that is not JSON-RPC (a plugin writing garbage is restarted).
    let onMalformedInput: (@Sendable (RPCError) -> Void)?
    var logger: Logger

    // The mutable state below is `@exclusivity(unchecked)`: the runtime check of each access (a thread-local
    // look-up) was a large share of a call's cost (`Benchmarks/rpc/callgrind.sh`). What makes it safe: every
    // property is only touched on the channel's event loop, and no access to one spans a call that can reach the
    // handler again (value types' mutating methods with no callbacks into the handler; ``decodeInput()`` works on
    // swapped-out locals, and close actions run after they are taken out). Keep it so when changing this class.

    /// The pipeline's side of the handler, set once in ``handlerAdded(context:)``; nil before.
    @exclusivity(unchecked) private var attachment: Attachment?
    @exclusivity(unchecked) var state: StateMachine
    @exclusivity(unchecked) var inFlight = InFlightRequests()
    @exclusivity(unchecked) var pendingCalls = PendingCalls<PendingCall>()
    /// Checks the deadlines of calls with a timeout while any call waits.
    @exclusivity(unchecked) var timeoutSweep: RepeatedTask?
    @exclusivity(unchecked) var output = OutputCoalescer(allocator: ByteBufferAllocator())
    @exclusivity(unchecked) private var closeActions: [@Sendable () -> Void] = []
    @exclusivity(unchecked) private var decoder: RPCFrameDecoder
    /// Bytes read and not yet decoded: the start of an unfinished message, or, while the state machine
    /// holds frames, frames read while the connection was over its limits, decoded once it is back under
    /// them. Reading stops meanwhile, so this holds at most the rest of one read beyond an unfinished message.
    @exclusivity(unchecked) private var input = ByteBuffer()
    /// The method last called on this connection, kept while the registry does not change: a peer mostly
    /// calls the same method, and the look-up (a lock and a hash) costs more than a ping.
    @exclusivity(unchecked) var lastMethod: (name: String, body: RegisteredMethod.Body, version: UInt64)?

    /// - Parameters:
    ///   - registry: the methods the peer can call.
    ///   - configuration: the connection's limits.
    ///   - connectionID: a number unique among the process's connections, for logs and handlers.
    ///   - credentials: the peer's, when the transport knows them.
    ///   - logger: the connection's logger; `conn.id` is added to its metadata.
    ///   - unhandledNotifications: receives the notifications that no method in `registry` answers (a
    ///     client's events and progress); nil drops them.
    ///   - onMalformedInput: told of each message that is not JSON-RPC (it is answered with the error too).
    public init(
        registry: MethodRegistry, configuration: RPCServerConfiguration, connectionID: Int,
        credentials: PeerCredentials?, logger: Logger,
        unhandledNotifications: AsyncStream<RPCRequest>.Continuation? = nil,
        onMalformedInput: (@Sendable (RPCError) -> Void)? = nil
    ) {
        self.registry = registry
        self.configuration = configuration
        self.connectionID = connectionID
        self.credentials = credentials
        self.logger = logger
        self.logger[metadataKey: "conn.id"] = "\(connectionID)"
        self.unhandledNotifications = unhandledNotifications
        self.onMalformedInput = onMalformedInput
        self.decoder = RPCFrameDecoder(maximumFrameLength: configuration.maximumMessageBytes)
        self.state = StateMachine(maximumConcurrentRequests: configuration.maximumConcurrentRequests)
    }

    /// The connection as handlers, the server and callers see it. Valid once the handler is in a pipeline.
    public var rpcConnection: any RPCConnection & RPCConnectionControl { connection }

    // Nothing reaches the handler before ``handlerAdded(context:)``: NIO delivers no event before it, and the
    // only other way in, ``connection``, is made there. The parts are read through `attachment!` in place: a
    // `guard let` would copy the whole value (three retains and releases) for the one part it needs.

    /// The handler's context in its pipeline.
    var context: ChannelHandlerContext { attachment!.context }
    /// Runs the tasks of methods that prefer the event loop.
    var loopExecutor: EventLoopTaskExecutor { attachment!.loopExecutor }
    /// The thread-safe face of this handler.
    var connection: ChannelRPCConnection { attachment!.connection }

    public func handlerAdded(context: ChannelHandlerContext) {
        self.attachment = Attachment(
            context: context, loopExecutor: EventLoopTaskExecutor(context.eventLoop),
            connection: ChannelRPCConnection(
                connectionID: connectionID, credentials: credentials, channel: context.channel,
                handler: NIOLoopBound(self, eventLoop: context.eventLoop)))
        self.output = OutputCoalescer(allocator: context.channel.allocator)
        self.state = StateMachine(
            maximumConcurrentRequests: configuration.maximumConcurrentRequests, isWritable: context.channel.isWritable)
        let high = max(configuration.maximumOutgoingBytes / 2, 1)
        try? context.channel.syncOptions?.setOption(
            ChannelOptions.writeBufferWaterMark, value: .init(low: high / 2, high: high))
    }

    public func handlerRemoved(context: ChannelHandlerContext) {
        shutDown()
    }

    // MARK: Inbound

    public func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        output.readCycleStarted()
        var bytes = unwrapInboundIn(data)
        if input.readableBytes == 0 {
            input = bytes
        } else {
            // Keep the unfinished part from growing its buffer without end: drop what was read first.
            if input.readerIndex >= input.readableBytes { input.discardReadBytes() }
            input.writeBuffer(&bytes)
        }
        decodeInput()
    }

    /// Decodes and handles the frames in ``input`` until it runs out or the connection reaches a limit.
    func decodeInput() {
        guard state.decodingStarted() else { return }
        // The buffer and decoder are worked on as locals (one access to the handler each, not one per frame);
        // nothing else touches them meanwhile, as the state machine keeps this from running again inside.
        var input = ByteBuffer()
        swap(&input, &self.input)
        var decoder = RPCFrameDecoder(maximumFrameLength: 0)
        swap(&decoder, &self.decoder)
        defer {
            swap(&input, &self.input)
            swap(&decoder, &self.decoder)
            state.decodingEnded()
        }
        frames: while true {
            switch state.nextFrame(inFlight: inFlight.count) {
            case .stop:
                break frames
            case .hold:
                return
            case .decode(let last):
                // The decoder does not throw; a frame it cannot make is answered, not thrown.
                let frame =
                    last ? try? decoder.decodeLast(buffer: &input, seenEOF: true) : try? decoder.decode(buffer: &input)
                guard let frame else { break frames }
                process(frame, members: decoder.membersOfLastValue)
            }
        }
        if input.readableBytes == 0 { input = ByteBuffer() }
        if state.inputRanOut() { closeIfIdle() }
    }

    public func channelReadComplete(context: ChannelHandlerContext) {
        let pending = output.readCycleEnded()
        flush(pending)
        context.fireChannelReadComplete()
    }

    public func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case .inputClosed = event as? ChannelEvent {
            // The peer can answer no call of ours any more.
            failPendingCalls(message: "The peer closed its side of the connection.")
            if state.inputEnded() { decodeInput() }
        }
        context.fireUserInboundEventTriggered(event)
    }

    public func channelWritabilityChanged(context: ChannelHandlerContext) {
        resume(state.writabilityChanged(isWritable: context.channel.isWritable, inFlight: inFlight.count))
        context.fireChannelWritabilityChanged()
    }

    public func channelInactive(context: ChannelHandlerContext) {
        shutDown()
        context.fireChannelInactive()
    }

    public func errorCaught(context: ChannelHandlerContext, error: any Error) {
        logger.debug("Connection error; closing", metadata: ["error": "\(error)"])
        context.close(promise: nil)
    }

    // MARK: Outbound

    public func read(context: ChannelHandlerContext) {
        if state.readRequested(inFlight: inFlight.count) == .read { context.read() }
    }

    // MARK: Flow control and closing

    /// Does what the state machine says once a limit may have cleared.
    func resume(_ action: StateMachine.ResumeAction) {
        switch action {
        case .none:
            break
        case .read:
            context.read()
        case .decodeHeldFrames:
            decodeInput()
            if state.heldFramesDecoded(inFlight: inFlight.count) { context.read() }
        }
    }

    func beginGracefulClose() {
        if state.beginGracefulClose(inFlight: inFlight.count) == .flushAndClose { flushAndClose() }
    }

    func close() {
        guard !state.isClosed else { return }
        context.close(promise: nil)
    }

    /// Writes what is pending, then shuts the output: the peer sees the end of its input, and may still
    /// answer what it was sent.
    func closeOutput() {
        guard state.outputClosing() else { return }
        flush(output.take())
        context.close(mode: .output, promise: nil)
    }

    /// Closes once the peer has nothing more to send (or the connection is draining) and every answer it is
    /// owed has been written.
    func closeIfIdle() {
        if state.closeIfIdle(inFlight: inFlight.count) == .flushAndClose { flushAndClose() }
    }

    private func flushAndClose() {
        if let pending = output.take() { context.write(wrapOutboundOut(pending), promise: nil) }
        let context = self.context
        let empty = context.channel.allocator.buffer(capacity: 0)
        // The close waits for the write, which completes on this loop: the context stays on it.
        context.writeAndFlush(wrapOutboundOut(empty)).assumeIsolated().whenComplete { _ in
            context.close(promise: nil)
        }
    }

    func onClose(_ action: @escaping @Sendable () -> Void) {
        if state.isClosed { action() } else { closeActions.append(action) }
    }

    private func shutDown() {
        guard state.channelClosed() else { return }
        for entry in inFlight.removeAll() { entry.cancel() }
        failPendingCalls(message: "The connection closed before the answer came.")
        input = ByteBuffer()
        unhandledNotifications?.finish()
        let actions = closeActions
        closeActions.removeAll()
        for action in actions { action() }
    }
}
