/// The calls a connection made to its peer and still waits on, by id: one table whatever the channel and
/// whichever side began the connection. A call's id is a number the connection handed out (the only ids
/// it sends), so an answer under any other id answers no call.
///
/// `Waiter` is what resumes the caller (a continuation). Once closed (the peer cannot answer any more),
/// the table takes no new calls. Only touched on the channel's event loop.
struct PendingCalls<Waiter> {
    private var waiters = KeyedSlots<Int, Waiter>()
    /// The connection can no longer carry an answer.
    private(set) var isClosed = false

    /// How many calls wait.
    var count: Int { waiters.count }

    /// Records a call; returns false (and records nothing) when the table is closed.
    mutating func add(_ waiter: Waiter, for number: Int) -> Bool {
        guard !isClosed else { return false }
        waiters.insert(waiter, for: number)
        return true
    }

    /// The waiter of the call a response with `id` answers, removed; nil for an id no call waits on.
    mutating func resolve(_ id: RPCID) -> Waiter? {
        id.integerValue.flatMap { waiters.remove($0) }
    }

    /// The ids of the calls whose waiter `isExpired` says so.
    func ids(where isExpired: (Waiter) -> Bool) -> [Int] {
        waiters.keys(where: isExpired)
    }

    /// Closes the table; returns every waiter, for the caller to fail.
    mutating func close() -> [Waiter] {
        isClosed = true
        return waiters.removeAll()
    }
}
