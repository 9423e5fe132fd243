import NIOCore

/// Gathers a connection's outgoing lines into one buffer, so they leave together: at the end of the read
/// cycle that produced them, or once per event-loop tick for those written outside one (answers of tasks,
/// notifications, calls). A peer that pipelines gets one `write` per read.
///
/// Past ``handOffBytes`` the buffer is handed to the channel at once, so the channel's writability (and with
/// it the backpressure on a peer that does not read) sees the bytes. Once the channel has written a buffer
/// and let go of its storage, the storage is reused: no allocation per read cycle. Only touched on the
/// channel's event loop.
struct OutputCoalescer {
    /// What the handler does after a line was added.
    enum Action: Equatable {
        case none
        /// Schedule ``OutputCoalescer/scheduledFlushRan()`` for the end of this event-loop tick.
        case scheduleFlush
        /// Write `buffer` to the channel now (without flushing).
        case handOff(ByteBuffer)
        /// Write `buffer` to the channel now, and schedule a flush.
        case handOffAndScheduleFlush(ByteBuffer)
    }

    /// Past this many pending bytes the buffer is handed to the channel at once.
    static let handOffBytes = 64 * 1024
    /// Buffers bigger than this are not kept for the next lines once written.
    static let keptCapacity = 256 * 1024

    private var buffer: ByteBuffer
    private let allocator: ByteBufferAllocator
    private var inReadCycle = false
    private var flushScheduled = false

    init(allocator: ByteBufferAllocator) {
        self.allocator = allocator
        self.buffer = allocator.buffer(capacity: 1024)
    }

    /// Bytes added and not yet handed to the channel.
    var pendingBytes: Int { buffer.readableBytes }

    /// Adds a response and its newline.
    mutating func append(_ response: RPCResponse) -> Action {
        prepare()
        response.write(into: &buffer, newline: true)
        return lineEnded()
    }

    /// Adds a request or notification and its newline.
    mutating func append(_ request: RPCRequest) -> Action {
        prepare()
        request.write(into: &buffer, newline: true)
        return lineEnded()
    }

    /// Adds a line's JSON text (a batch's answers) and its newline.
    mutating func append(line: ByteBuffer) -> Action {
        prepare()
        var line = line
        buffer.writeBuffer(&line)
        buffer.writeInteger(UInt8(ascii: "\n"))
        return lineEnded()
    }

    /// A read cycle begins: lines added until it ends leave at its end.
    mutating func readCycleStarted() {
        inReadCycle = true
    }

    /// The read cycle ended: returns what to write before the flush that follows.
    mutating func readCycleEnded() -> ByteBuffer? {
        inReadCycle = false
        return take()
    }

    /// The flush scheduled by an ``Action`` runs: returns what to write before flushing.
    mutating func scheduledFlushRan() -> ByteBuffer? {
        flushScheduled = false
        return take()
    }

    /// Hands over what is pending (the buffer's storage stays shared until the channel has written it).
    mutating func take() -> ByteBuffer? {
        guard buffer.readableBytes > 0 else { return nil }
        let pending = buffer
        buffer.moveReaderIndex(to: buffer.writerIndex)
        return pending
    }

    /// Makes the buffer ready for more: reuses its storage once everything in it was handed over.
    private mutating func prepare() {
        guard buffer.readableBytes == 0, buffer.readerIndex > 0 else { return }
        if buffer.capacity > Self.keptCapacity {
            buffer = allocator.buffer(capacity: 1024)
        } else {
            buffer.clear()  // allocates only if the channel still holds the storage
        }
    }

    private mutating func lineEnded() -> Action {
        let scheduleFlush = !inReadCycle && !flushScheduled
        if scheduleFlush { flushScheduled = true }
        if buffer.readableBytes >= Self.handOffBytes, let pending = take() {
            return scheduleFlush ? .handOffAndScheduleFlush(pending) : .handOff(pending)
        }
        return scheduleFlush ? .scheduleFlush : .none
    }
}
