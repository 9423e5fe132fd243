import NIOCore

extension RPCConnectionHandler {
    /// Queues a response line.
    func write(_ response: RPCResponse) {
        guard !state.isClosed else { return }
        perform(output.append(response))
    }

    /// Queues a line of JSON text (a batch's answers).
    func write(line: ByteBuffer) {
        guard !state.isClosed else { return }
        perform(output.append(line: line))
    }

    /// Queues a request or notification line.
    func write(_ request: RPCRequest) {
        guard !state.isClosed else { return }
        perform(output.append(request))
    }

    /// Queues a notification unless it may be dropped and the connection's outgoing bytes are over their
    /// limit, in which case `onOverflow` runs instead.
    func send(notification: RPCRequest, droppable: Bool, onOverflow: (@Sendable () -> Void)?) {
        guard !state.isClosed else { return }
        if droppable, !isUnderOutgoingLimit {
            onOverflow?()
            return
        }
        write(notification)
    }

    /// Whether the bytes queued for the peer are within ``RPCServerConfiguration/maximumOutgoingBytes``. A
    /// writable channel holds at most its high-water mark (half the limit), so only a channel that is not
    /// writable, or a coalescer holding more than the other half, is asked for the exact count (an option
    /// read costs more than forwarding a call). Writability is the state machine's record of the channel's
    /// last change, which costs nothing to read; asking the channel costs more on each call
    /// (`Benchmarks/rpc/callgrind.sh`).
    var isUnderOutgoingLimit: Bool {
        let limit = configuration.maximumOutgoingBytes
        if state.isWritable, output.pendingBytes <= limit - max(limit / 2, 1) { return true }
        return outgoingBytes <= limit
    }

    /// Bytes queued for the peer and not yet written: in the channel and in the coalescer.
    var outgoingBytes: Int {
        let queued = (try? context.channel.syncOptions?.getOption(.bufferedWritableBytes)) ?? 0
        return queued + output.pendingBytes
    }

    private func perform(_ action: OutputCoalescer.Action) {
        switch action {
        case .none:
            break
        case .scheduleFlush:
            scheduleFlush()
        case .handOff(let buffer):
            context.write(wrapOutboundOut(buffer), promise: nil)
        case .handOffAndScheduleFlush(let buffer):
            context.write(wrapOutboundOut(buffer), promise: nil)
            scheduleFlush()
        }
    }

    /// Flushes at the end of this event-loop tick, so the lines of many tasks that finish together leave in
    /// one write.
    private func scheduleFlush() {
        context.eventLoop.assumeIsolated().execute {
            self.flush(self.output.scheduledFlushRan())
        }
    }

    /// Writes `pending` (what the coalescer handed over) and flushes.
    func flush(_ pending: ByteBuffer?) {
        guard !state.isClosed else { return }
        if let pending { context.write(wrapOutboundOut(pending), promise: nil) }
        context.flush()
    }
}
