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
        if droppable, outgoingBytes > configuration.maximumOutgoingBytes {
            onOverflow?()
            return
        }
        write(notification)
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
