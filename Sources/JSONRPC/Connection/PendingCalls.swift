/// The calls a connection made to its peer and still waits on, by id: one table whatever the channel and
/// whichever side began the connection.
///
/// `Waiter` is what resumes the caller (a continuation). Once closed (the peer cannot answer any more),
/// the table takes no new calls. Only touched on the channel's event loop.
struct PendingCalls<Waiter> {
    private var waiters: [RPCID: Waiter] = [:]
    /// The connection can no longer carry an answer.
    private(set) var isClosed = false

    /// How many calls wait.
    var count: Int { waiters.count }

    /// Records a call; returns false (and records nothing) when the table is closed.
    mutating func add(_ waiter: Waiter, for id: RPCID) -> Bool {
        guard !isClosed else { return false }
        waiters[id] = waiter
        return true
    }

    /// The waiter of the call a response with `id` answers, removed; nil for an id no call waits on.
    mutating func resolve(_ id: RPCID) -> Waiter? {
        waiters.removeValue(forKey: id)
    }

    /// The ids of the calls whose waiter `isExpired` says so.
    func ids(where isExpired: (Waiter) -> Bool) -> [RPCID] {
        waiters.compactMap { isExpired($0.value) ? $0.key : nil }
    }

    /// Closes the table; returns every waiter, for the caller to fail.
    mutating func close() -> [Waiter] {
        isClosed = true
        let all = Array(waiters.values)
        waiters.removeAll()
        return all
    }
}
