public import Logging
public import NIOCore

/// Serves JSON-RPC on one connection: reads frames, runs requests concurrently, writes each response as
/// one line, and keeps the connection's memory bounded.
///
/// It reads the socket's bytes itself, splitting them with an ``RPCFrameDecoder`` and handling each frame
/// as it is found (no handler between them). Immediate methods answer inline; the others run as tasks, so
/// responses may leave out of order. Batches are answered as one array once all their members are done.
/// Answers go out together, one write per read. When the client stops reading (the outgoing buffer passes
/// its high-water mark) or has too many requests running, the handler stops reading (and decoding) until
/// that clears. Closing the connection cancels its running requests. All state is touched only on the
/// channel's event loop.
public final class RPCServerHandler: ChannelDuplexHandler, RemovableChannelHandler {
    public typealias InboundIn = ByteBuffer
    public typealias OutboundIn = ByteBuffer
    public typealias OutboundOut = ByteBuffer

    private struct InFlight {
        var id: RPCID?
        var task: Task<Void, Never>?
        var batch: BatchCollector?
    }

    private let registry: MethodRegistry
    private let configuration: RPCServerConfiguration
    private let connectionID: Int
    private let credentials: PeerCredentials?
    private var logger: Logger

    private var context: ChannelHandlerContext!
    /// Runs the tasks of methods that prefer the event loop; set with ``context``.
    private var loopExecutor: EventLoopTaskExecutor!
    private var connection: ChannelRPCConnection!
    private var inFlight: [UInt64: InFlight] = [:]
    private var serialsByID: [RPCID: UInt64] = [:]
    private var nextSerial: UInt64 = 0
    private var readPending = false
    /// The channel's writability, kept up to date by `channelWritabilityChanged` (which NIO calls inline,
    /// from the write that changes it), so checking it per frame does not go through the channel.
    private var channelIsWritable = true
    private var inReadCycle = false
    private var flushScheduled = false
    private var inputClosed = false
    private var draining = false
    private var closing = false
    private var closed = false
    private var closeActions: [@Sendable () -> Void] = []
    private var decoder: RPCFrameDecoder
    /// Bytes read and not yet decoded: the start of an unfinished message, or, while ``holding``, frames
    /// read while the connection was over its limits, decoded once it is back under them. Reading stops
    /// meanwhile, so this holds at most the rest of one socket read beyond an unfinished message.
    private var input = ByteBuffer()
    /// Decoding stopped at a limit with frames possibly left in ``input``.
    private var holding = false
    /// Inside ``decodeInput()``, which a frame's handling may reach again (a cancel frees a slot).
    private var decoding = false
    /// The client closed its side: once ``input`` is decoded, the rest is decoded as its last bytes.
    private var endOfInput = false

    /// - Parameters:
    ///   - registry: the methods this connection can call.
    ///   - connectionID: a number unique among the process's connections, for logs and handlers.
    ///   - credentials: the peer's, when the transport knows them.
    public init(
        registry: MethodRegistry, configuration: RPCServerConfiguration, connectionID: Int,
        credentials: PeerCredentials?, logger: Logger
    ) {
        self.registry = registry
        self.configuration = configuration
        self.connectionID = connectionID
        self.credentials = credentials
        self.logger = logger
        self.logger[metadataKey: "conn.id"] = "\(connectionID)"
        self.decoder = RPCFrameDecoder(maximumFrameLength: configuration.maximumMessageBytes)
    }

    /// The connection as handlers and the server see it. Valid once the handler is in a pipeline.
    public var rpcConnection: any RPCConnection & RPCConnectionControl { connection }

    public func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        self.loopExecutor = EventLoopTaskExecutor(context.eventLoop)
        self.output = context.channel.allocator.buffer(capacity: 1024)
        self.channelIsWritable = context.channel.isWritable
        self.connection = ChannelRPCConnection(
            connectionID: connectionID, credentials: credentials,
            handler: NIOLoopBound(self, eventLoop: context.eventLoop)
        )
        let high = max(configuration.maximumOutgoingBytes / 2, 1)
        try? context.channel.syncOptions?.setOption(
            ChannelOptions.writeBufferWaterMark, value: .init(low: high / 2, high: high))
    }

    public func handlerRemoved(context: ChannelHandlerContext) {
        shutDownRequests()
    }

    // MARK: Inbound

    public func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        inReadCycle = true
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
    private func decodeInput() {
        guard !decoding else { return }
        decoding = true
        // The buffer and decoder are worked on as locals (one access to the handler each, not one per frame);
        // nothing else touches them meanwhile, as `decoding` keeps this from running again inside.
        var input = ByteBuffer()
        swap(&input, &self.input)
        var decoder = RPCFrameDecoder(maximumFrameLength: 0)
        swap(&decoder, &self.decoder)
        defer {
            swap(&input, &self.input)
            swap(&decoder, &self.decoder)
            decoding = false
        }
        while !closed {
            if mustHoldFrames {
                holding = true
                return
            }
            // The decoder does not throw; a frame it cannot make is answered, not thrown.
            let frame = endOfInput
                ? try? decoder.decodeLast(buffer: &input, seenEOF: true) : try? decoder.decode(buffer: &input)
            guard let frame else { break }
            process(frame)
        }
        holding = false
        if input.readableBytes == 0 { input = ByteBuffer() }
        if endOfInput && !inputClosed {
            inputClosed = true
            closeIfDone()
        }
    }

    private func process(_ frame: RPCFrame) {
        switch frame {
        case .invalidJSON(let reason):
            writeLine(RPCResponse(id: .null, error: .parseError(reason)))
        case .tooLarge(let limit):
            writeLine(RPCResponse(id: .null, error: .tooLarge(limit: limit)))
        case .value(let buffer):
            switch RPCMessage.parse(buffer) {
            case .emptyBatch:
                writeLine(RPCResponse(id: .null, error: .invalidRequest("a batch must not be empty")))
            case .single(let message):
                handle(message, batch: nil)
            case .batch(let members):
                let expected = members.count(where: Self.expectsResponse)
                let batch = expected > 0 ? BatchCollector(expected: expected) : nil
                for member in members { handle(member, batch: batch) }
            }
        }
    }

    public func channelReadComplete(context: ChannelHandlerContext) {
        inReadCycle = false
        flushOutput()
        context.fireChannelReadComplete()
    }

    public func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case .inputClosed = event as? ChannelEvent, !endOfInput {
            endOfInput = true
            if !holding { decodeInput() }
        }
        context.fireUserInboundEventTriggered(event)
    }

    public func channelWritabilityChanged(context: ChannelHandlerContext) {
        channelIsWritable = context.channel.isWritable
        resumeReadingIfPossible()
        context.fireChannelWritabilityChanged()
    }

    public func channelInactive(context: ChannelHandlerContext) {
        shutDownRequests()
        context.fireChannelInactive()
    }

    public func errorCaught(context: ChannelHandlerContext, error: any Error) {
        logger.debug("Connection error; closing", metadata: ["error": "\(error)"])
        context.close(promise: nil)
    }

    // MARK: Outbound

    public func read(context: ChannelHandlerContext) {
        if mustPauseReading {
            readPending = true
        } else {
            context.read()
        }
    }

    // MARK: Requests

    private static func expectsResponse(_ member: Result<RPCMessage, RPCMessage.Invalid>) -> Bool {
        switch member {
        case .failure: true
        case .success(.request(let request)): request.id != nil
        case .success(.response): false
        }
    }

    private func handle(_ message: Result<RPCMessage, RPCMessage.Invalid>, batch: BatchCollector?) {
        let request: RPCRequest
        switch message {
        case .failure(let invalid):
            deliver(RPCResponse(id: invalid.id, error: invalid.error), batch: batch)
            return
        case .success(.response(let response)):
            logger.debug("Ignoring a response from a client", metadata: ["rpc.id": "\(response.id)"])
            return
        case .success(.request(let parsed)):
            request = parsed
        }
        guard let body = body(named: request.method) else {
            if let id = request.id { deliver(RPCResponse(id: id, error: .methodNotFound(request.method)), batch: batch) }
            return
        }
        let requestContext = RPCContext(
            requestID: request.id, method: request.method, connection: connection, rawParams: request.params,
            logger: logger
        )
        switch body {
        case .immediate(let body):
            let outcome: Result<RawJSON, RPCError>
            do {
                outcome = .success(try body(request.params, requestContext))
            } catch {
                outcome = .failure(RPCError.from(error, logger: requestContext.logger))
            }
            if let id = request.id { deliver(RPCResponse(id: id, outcome: outcome), batch: batch) }
        case .task(let body):
            run(body, on: nil, request: request, context: requestContext, batch: batch)
        case .taskOnEventLoop(let body):
            run(body, on: loopExecutor, request: request, context: requestContext, batch: batch)
        }
    }

    /// Runs a request in a task of its own, on `executor` when given, answering when it ends.
    private func run(
        _ body: @escaping @Sendable (RawJSON?, RPCContext) async throws -> RawJSON, on executor: (any TaskExecutor)?,
        request: RPCRequest, context requestContext: RPCContext, batch: BatchCollector?
    ) {
        let serial = nextSerial
        nextSerial += 1
        inFlight[serial] = InFlight(id: request.id, task: nil, batch: batch)
        if let id = request.id { serialsByID[id] = serial }
        let connection = self.connection!
        let params = request.params
        inFlight[serial]?.task = Task(executorPreference: executor) {
            let outcome: Result<RawJSON, RPCError>
            do {
                outcome = .success(try await body(params, requestContext))
            } catch {
                outcome = .failure(RPCError.from(error, logger: requestContext.logger))
            }
            connection.complete(serial: serial, outcome: outcome)
        }
    }

    /// The method last called on this connection, kept while the registry does not change: a client mostly
    /// calls the same method, and the look-up (a lock and a hash) costs more than a ping.
    private var lastMethod: (name: String, body: RegisteredMethod.Body, version: UInt64)?

    private func body(named name: String) -> RegisteredMethod.Body? {
        let version = registry.version
        if let lastMethod, lastMethod.version == version, lastMethod.name == name { return lastMethod.body }
        guard let body = registry.body(named: name) else { return nil }
        lastMethod = (name, body, version)
        return body
    }

    /// A task finished: answer it unless it was cancelled and answered already.
    fileprivate func complete(serial: UInt64, outcome: Result<RawJSON, RPCError>) {
        guard let entry = inFlight.removeValue(forKey: serial) else { return }
        if let id = entry.id {
            if serialsByID[id] == serial { serialsByID[id] = nil }
            deliver(RPCResponse(id: id, outcome: outcome), batch: entry.batch)
        }
        requestFinished()
    }

    fileprivate func cancel(_ id: RPCID) -> Bool {
        guard let serial = serialsByID.removeValue(forKey: id), let entry = inFlight.removeValue(forKey: serial) else {
            return false
        }
        entry.task?.cancel()
        deliver(RPCResponse(id: id, error: .cancelled), batch: entry.batch)
        requestFinished()
        return true
    }

    private func requestFinished() {
        resumeReadingIfPossible()
        closeIfDone()
    }

    private func deliver(_ response: RPCResponse, batch: BatchCollector?) {
        if let batch {
            if let array = batch.add(response) { writeLine(array) }
        } else {
            writeLine(response)
        }
    }

    // MARK: Writing

    /// Answers go into one buffer and leave together: at the end of the read cycle that produced them, or
    /// once per event-loop tick for those of tasks. A client that pipelines gets one `write` per read.
    private var output = ByteBuffer()
    /// Past this many pending bytes the buffer is handed to the channel at once, so its writability (and
    /// with it the backpressure on a client that does not read) sees them.
    private static let outputHandOffBytes = 64 * 1024

    /// Output buffers bigger than this are not kept for the next answers once written.
    private static let outputKeptCapacity = 256 * 1024

    /// Makes the output buffer ready for more: once the channel has written what was handed to it and let go
    /// of the storage, the same storage is reused (no allocation per read cycle).
    private func prepareOutput() {
        guard output.readableBytes == 0, output.readerIndex > 0 else { return }
        if output.capacity > Self.outputKeptCapacity {
            output = context.channel.allocator.buffer(capacity: 1024)
        } else {
            output.clear()  // allocates only if the channel still holds the storage
        }
    }

    private func writeLine(_ response: RPCResponse) {
        guard !closed else { return }
        prepareOutput()
        response.write(into: &output, newline: true)
        lineEnded()
    }

    private func writeLine(_ line: ByteBuffer) {
        guard !closed else { return }
        prepareOutput()
        var line = line
        output.writeBuffer(&line)
        lineWritten()
    }

    private func lineWritten() {
        output.writeInteger(UInt8(ascii: "\n"))
        lineEnded()
    }

    private func lineEnded() {
        if output.readableBytes >= Self.outputHandOffBytes { emitOutput() }
        scheduleFlush()
    }

    /// Hands the pending answers to the channel (without flushing).
    private func emitOutput() {
        guard output.readableBytes > 0 else { return }
        context.write(wrapOutboundOut(output), promise: nil)
        output.moveReaderIndex(to: output.writerIndex)  // handed over; see prepareOutput()
    }

    /// Inside a read cycle the flush comes at its end; otherwise once per event-loop tick, so the answers
    /// of many tasks that finish together leave in one write.
    private func scheduleFlush() {
        guard !inReadCycle, !flushScheduled else { return }
        flushScheduled = true
        context.eventLoop.assumeIsolated().execute {
            self.flushScheduled = false
            self.flushOutput()
        }
    }

    private func flushOutput() {
        guard !closed else { return }
        emitOutput()
        context.flush()
    }

    fileprivate func send(notification: RPCRequest, droppable: Bool, onOverflow: (@Sendable () -> Void)?) {
        guard !closed else { return }
        if droppable, let queued = try? context.channel.syncOptions?.getOption(.bufferedWritableBytes),
            queued + output.readableBytes > configuration.maximumOutgoingBytes
        {
            onOverflow?()
            return
        }
        prepareOutput()
        notification.write(into: &output)
        lineWritten()
    }

    // MARK: Flow control and closing

    /// Over a limit: too many requests running, or the client is not reading its answers.
    private var mustHoldFrames: Bool {
        inFlight.count >= configuration.maximumConcurrentRequests || !channelIsWritable
    }

    private var mustPauseReading: Bool {
        draining || holding || mustHoldFrames
    }

    private func resumeReadingIfPossible() {
        if holding, !mustHoldFrames, !draining, !closed { decodeInput() }
        guard readPending, !mustPauseReading else { return }
        readPending = false
        context.read()
    }

    fileprivate func beginGracefulClose() {
        draining = true
        closeIfDone()
    }

    fileprivate func close() {
        guard !closed else { return }
        context.close(promise: nil)
    }

    /// Closes once the client has nothing more to send (or the server is draining) and every answer it is
    /// owed has been written.
    private func closeIfDone() {
        guard inputClosed || draining, inFlight.isEmpty, !closing, !closed else { return }
        closing = true
        let context = self.context!
        emitOutput()
        // The channel, not the context: a channel may be closed from any thread, a context only on its loop.
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(channel.allocator.buffer(capacity: 0))).whenComplete { _ in
            channel.close(promise: nil)
        }
    }

    fileprivate func onClose(_ action: @escaping @Sendable () -> Void) {
        if closed { action() } else { closeActions.append(action) }
    }

    private func shutDownRequests() {
        guard !closed else { return }
        closed = true
        for entry in inFlight.values { entry.task?.cancel() }
        inFlight.removeAll()
        serialsByID.removeAll()
        input = ByteBuffer()
        holding = false
        let actions = closeActions
        closeActions.removeAll()
        for action in actions { action() }
    }
}

/// What the server does to a connection beyond what handlers may.
public protocol RPCConnectionControl: Sendable {
    /// Stops reading requests and closes once the running ones are answered.
    func beginGracefulClose()
    /// Closes now; running requests are cancelled.
    func close()
    /// The future that completes when the connection has closed.
    var closeFuture: EventLoopFuture<Void> { get }
}

/// The thread-safe face of an ``RPCServerHandler``: every call hops to the channel's event loop.
final class ChannelRPCConnection: RPCConnection, RPCConnectionControl {
    let connectionID: Int
    let credentials: PeerCredentials?
    private let handler: NIOLoopBound<RPCServerHandler>

    init(connectionID: Int, credentials: PeerCredentials?, handler: NIOLoopBound<RPCServerHandler>) {
        self.connectionID = connectionID
        self.credentials = credentials
        self.handler = handler
    }

    private var eventLoop: any EventLoop { handler.eventLoop }

    private func onLoop(_ body: @escaping @Sendable (RPCServerHandler) -> Void) {
        if eventLoop.inEventLoop {
            body(handler.value)
        } else {
            let handler = self.handler
            eventLoop.execute { body(handler.value) }
        }
    }

    var closeFuture: EventLoopFuture<Void> {
        if eventLoop.inEventLoop { return handler.value.closeFutureOnLoop }
        let handler = self.handler
        return eventLoop.flatSubmit { handler.value.closeFutureOnLoop }
    }

    func complete(serial: UInt64, outcome: Result<RawJSON, RPCError>) {
        onLoop { $0.complete(serial: serial, outcome: outcome) }
    }

    /// Always queued for the next turn of the event loop, never run inline: a caller may hold a lock that
    /// `onOverflow` takes, and notifications keep the order in which they were sent.
    func send(notification: RPCRequest, droppable: Bool, onOverflow: (@Sendable () -> Void)?) {
        let handler = self.handler
        eventLoop.execute {
            handler.value.send(notification: notification, droppable: droppable, onOverflow: onOverflow)
        }
    }

    /// On the event loop (as `rpc.cancel` runs) the answer is exact; from elsewhere the cancellation is
    /// scheduled and the answer is `true`.
    func cancelRequest(_ id: RPCID) -> Bool {
        if eventLoop.inEventLoop { return handler.value.cancel(id) }
        onLoop { _ = $0.cancel(id) }
        return true
    }

    func onClose(_ action: @escaping @Sendable () -> Void) {
        onLoop { $0.onClose(action) }
    }

    func beginGracefulClose() { onLoop { $0.beginGracefulClose() } }
    func close() { onLoop { $0.close() } }
}

extension RPCServerHandler {
    fileprivate var closeFutureOnLoop: EventLoopFuture<Void> { context.channel.closeFuture }
}
