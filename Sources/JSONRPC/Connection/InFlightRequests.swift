/// The requests of one connection that run as tasks: each has a serial number of its own, and the ones
/// with an id can be found by it, so `rpc.cancel` reaches their task.
///
/// Serials tell apart two requests that a client sent with the same id: `rpc.cancel` reaches the newest, and
/// each is answered when it ends. Only touched on the channel's event loop.
struct InFlightRequests {
    /// One running request.
    struct Entry {
        /// Its id; nil for a notification, which gets no answer.
        var id: RPCID?
        /// Its task, set once started.
        var task: Task<Void, Never>?
        /// What stops a request answered by a ``RegisteredMethod/Body/deferred(_:)`` body (the call it made to
        /// a plugin, say), when it set one.
        var onCancel: (@Sendable () -> Void)?
        /// The batch its answer belongs to, if any.
        var batch: BatchCollector?

        /// Stops the request's work: cancels its task, or runs its cancel action.
        func cancel() {
            task?.cancel()
            onCancel?()
        }
    }

    private var entries = KeyedSlots<UInt64, Entry>()
    private var nextSerial: UInt64 = 0

    /// How many requests run.
    var count: Int { entries.count }
    var isEmpty: Bool { entries.isEmpty }

    /// Records a request about to start; returns its serial.
    mutating func add(id: RPCID?, batch: BatchCollector?) -> UInt64 {
        let serial = nextSerial
        nextSerial += 1
        entries.insert(Entry(id: id, task: nil, onCancel: nil, batch: batch), for: serial)
        return serial
    }

    /// Attaches the request's task, unless it is no longer in the table.
    mutating func attach(_ task: Task<Void, Never>, to serial: UInt64) {
        entries.update(serial) { $0.task = task }
    }

    /// Sets what cancels a deferred request, unless it is no longer in the table.
    mutating func attach(onCancel action: @escaping @Sendable () -> Void, to serial: UInt64) {
        entries.update(serial) { $0.onCancel = action }
    }

    /// The request ended: returns its entry to answer, or nil when it was cancelled (and answered) before.
    mutating func finish(serial: UInt64) -> Entry? {
        entries.remove(serial)
    }

    /// Removes the newest request with `id`: returns its entry, whose task the caller cancels and answers for.
    ///
    /// A search back from the newest running request: `rpc.cancel` is rare, and an index by id would cost every
    /// request two hashed look-ups of its id.
    mutating func cancel(id: RPCID) -> Entry? {
        entries.removeLast { $0.id == id }
    }

    /// Removes every request (the connection closed); returns their entries, whose tasks the caller cancels.
    mutating func removeAll() -> [Entry] {
        entries.removeAll()
    }
}
